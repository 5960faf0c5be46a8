/**
 * img_file and msword_file: a file the user uploaded (POST reportBuilder/uploads, then fileKey and fileName saved
 * in the properties, shared or per company). Their blocks carry the key; render.ts adds a short-lived signed link.
 */
import { DOCX_CONTENT_TYPE, IMAGE_CONTENT_TYPES } from '../../shared/api';
import type { BuilderComponentDef } from './types';

const MSG_CHOOSE_IMAGE = 'Choose an image';
const MSG_CHOOSE_WORD_FILE = 'Choose a Word file';

export const imgFileComponent: BuilderComponentDef = {
  type: 'img_file',
  label: 'Image',
  description: 'A PNG, JPEG or GIF image you upload: a logo, a diagram or a photo.',
  group: 'Content',
  perCompany: false,
  origin: 'builtIn',
  available: true,
  reason: null,
  fileTypes: IMAGE_CONTENT_TYPES,
  needsAttention: (p) => (p.fileKey ? null : MSG_CHOOSE_IMAGE),
  async build({ properties: p }) {
    if (!p.fileKey)
      return [{ kind: 'empty', title: 'No image', message: 'Upload an image for this component in the designer.' }];
    const fileName = p.fileName || p.fileKey.split('/').pop() || 'image';
    return [{ kind: 'image', fileKey: p.fileKey, fileName, alt: p.title || fileName }];
  },
};

export const mswordFileComponent: BuilderComponentDef = {
  type: 'msword_file',
  label: 'Word Document',
  description: 'A Word (.docx) file you upload, added to the exported document as it is.',
  group: 'Content',
  perCompany: false,
  origin: 'builtIn',
  available: true,
  reason: null,
  fileTypes: [DOCX_CONTENT_TYPE],
  needsAttention: (p) => (p.fileKey ? null : MSG_CHOOSE_WORD_FILE),
  async build({ properties: p }) {
    if (!p.fileKey)
      return [
        {
          kind: 'empty',
          title: 'No Word file',
          message: 'Upload a Word (.docx) file for this component in the designer.',
        },
      ];
    return [
      { kind: 'wordFile', fileKey: p.fileKey, fileName: p.fileName || p.fileKey.split('/').pop() || 'document.docx' },
    ];
  },
};
