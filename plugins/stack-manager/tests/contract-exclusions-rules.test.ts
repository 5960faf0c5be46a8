/** Contract exclusion rules: escaping (section 5), matching, options once each, the 6-item lists, the page's row edits. */
import {
  EXCLUSION_SPECIAL_CHARS,
  escapeExclusionValue,
  unescapeExclusionValue,
} from '../shared/contract-exclusion-escape';
import { exclusionOf, exclusionTypeOf, exclusionValue } from '../shared/contract-exclusion';
import {
  distinctValues,
  excludedKeys,
  exclusionOptions,
  isContractExcluded,
  optionState,
  valuesMatch,
} from '../shared/contract-exclusion-match';
import { EXCLUSION_LIST_SHOWN, exclusionListDisplay } from '../shared/contract-exclusion-display';
import {
  addExclusion,
  changedRows,
  draftFrom,
  exclusionSaveBody,
  isExclusionDraftDirty,
  rowsOfType,
  toggleRow,
} from '../shared/contract-exclusion-edit';

describe('escaping before storing', () => {
  it('covers exactly the characters section 5 lists', () => {
    expect(EXCLUSION_SPECIAL_CHARS.join(' ')).toBe('! @ $ % ^ & * ( ) + = [ ] \\ ; , / { } | " < > ? ~');
  });
  it('puts a backslash before each special character and leaves the others', () => {
    expect(escapeExclusionValue('AT&T (US)')).toBe('AT\\&T \\(US\\)');
    expect(escapeExclusionValue('a\\b')).toBe('a\\\\b');
    expect(escapeExclusionValue("O'Brien #1 - Co. :_")).toBe("O'Brien #1 - Co. :_");
    for (const ch of EXCLUSION_SPECIAL_CHARS) expect(escapeExclusionValue(`x${ch}y`)).toBe(`x\\${ch}y`);
  });
  it('unescapes back to the value entered, for every special character', () => {
    const all = EXCLUSION_SPECIAL_CHARS.join('');
    for (const v of ['Microsoft', 'AT&T (US)', 'C:\\temp\\!x', '\\!', all, `${all}${all}`, 'ends with \\']) {
      expect(unescapeExclusionValue(escapeExclusionValue(v))).toBe(v);
    }
  });
});

describe('the row type', () => {
  it('is the one field set; none or both set is no type', () => {
    expect(exclusionTypeOf({ excludeVendor: 'Dell', excludeAccount: null })).toBe('vendor');
    expect(exclusionTypeOf({ excludeVendor: null, excludeAccount: 'A-1' })).toBe('account');
    expect(exclusionTypeOf({ excludeVendor: 'Dell', excludeAccount: 'A-1' })).toBeNull();
    expect(exclusionTypeOf({ excludeVendor: ' ', excludeAccount: null })).toBeNull();
    expect(exclusionValue(exclusionOf('account', 'A-1'))).toBe('A-1');
  });
});

describe('matching', () => {
  it('ignores case and surrounding or repeated white space', () => {
    expect(valuesMatch('Microsoft ', 'MICROSOFT')).toBe(true);
    expect(valuesMatch('Pax8  Inc', 'pax8 inc')).toBe(true);
    expect(valuesMatch('Dell', 'Dell EMC')).toBe(false);
    expect(valuesMatch('', '')).toBe(false);
  });
  it('excludes a contract by its vendor or its account, active rows only', () => {
    const keys = excludedKeys([
      exclusionOf('vendor', 'AT&T'),
      exclusionOf('account', 'ACC-9'),
      exclusionOf('vendor', 'Dell', 0),
    ]);
    expect(isContractExcluded({ vendor: 'at&t', account: null }, keys)).toBe(true);
    expect(isContractExcluded({ vendor: 'Cisco', account: 'acc-9' }, keys)).toBe(true);
    expect(isContractExcluded({ vendor: 'Dell', account: 'X' }, keys)).toBe(false);
    // A vendor exclusion does not match an account of the same text.
    expect(isContractExcluded({ vendor: 'Cisco', account: 'AT&T' }, keys)).toBe(false);
  });
  it('disables options already excluded or matching an excluded value', () => {
    const rows = [
      exclusionOf('vendor', 'Microsoft'),
      exclusionOf('vendor', 'Dell', 0),
      exclusionOf('account', 'Cisco'),
    ];
    expect(optionState('Microsoft', 'vendor', rows)).toBe('excluded');
    expect(optionState('microsoft ', 'vendor', rows)).toBe('excluded');
    expect(optionState('DELL', 'vendor', rows)).toBe('markedForRemoval');
    expect(optionState('Cisco', 'vendor', rows)).toBeNull();
    expect(optionState('Cisco', 'account', rows)).toBe('excluded');
  });
});

describe('duplicates shown once', () => {
  it('keeps the first spelling of each value and drops blanks', () => {
    expect(distinctValues(['Dell', 'dell ', null, '', 'Cisco', 'DELL'])).toEqual(['Dell', 'Cisco']);
  });
  it('sorts the picker options case-insensitively', () => {
    expect(exclusionOptions(['pax8', 'Dell', 'cisco', 'Pax8', 'Dell'])).toEqual(['cisco', 'Dell', 'pax8']);
  });
});

describe('the lists: first 6 and an ellipsis for the rest', () => {
  const values = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  it('shows 6 and hides the rest', () => {
    expect(EXCLUSION_LIST_SHOWN).toBe(6);
    const d = exclusionListDisplay(values, (v) => v);
    expect(d.shown).toEqual(['A', 'B', 'C', 'D', 'E', 'F']);
    expect(d.hidden).toEqual(['G', 'H']);
  });
  it('hides nothing at 6 or fewer, counting duplicates once', () => {
    expect(exclusionListDisplay(['A', 'a', 'B', 'C', 'D', 'E', 'F'], (v) => v)).toEqual({
      shown: ['A', 'B', 'C', 'D', 'E', 'F'],
      hidden: [],
    });
  });
});

describe('editing rows before saving', () => {
  const saved = [
    { ...exclusionOf('vendor', 'Dell'), tenantCsContractExcludeId: 1 },
    { ...exclusionOf('account', 'ACC-9'), tenantCsContractExcludeId: 2 },
  ];
  it('toggling an existing row flips activeFlag; toggling again undoes it', () => {
    const once = toggleRow(draftFrom(saved), 'id-1');
    expect(once.find((r) => r.key === 'id-1')?.activeFlag).toBe(0);
    expect(isExclusionDraftDirty(saved, once)).toBe(true);
    const twice = toggleRow(once, 'id-1');
    expect(twice.find((r) => r.key === 'id-1')?.activeFlag).toBe(1);
    expect(isExclusionDraftDirty(saved, twice)).toBe(false);
  });
  it('a new row is removed locally when toggled', () => {
    const added = addExclusion(draftFrom(saved), 'vendor', 'Cisco', 'n1');
    expect(rowsOfType(added, 'vendor').map(exclusionValue)).toEqual(['Dell', 'Cisco']);
    expect(isExclusionDraftDirty(saved, added)).toBe(true);
    const removed = toggleRow(added, 'n1');
    expect(removed).toHaveLength(2);
    expect(isExclusionDraftDirty(saved, removed)).toBe(false);
  });
  it('does not add a value that already has a row of the type', () => {
    expect(addExclusion(draftFrom(saved), 'vendor', ' dell', 'n1')).toHaveLength(2);
    expect(addExclusion(draftFrom(saved), 'vendor', 'ACC-9', 'n1')).toHaveLength(3);
    expect(addExclusion(draftFrom(saved), 'account', '  ', 'n1')).toHaveLength(2);
  });
  it('sends the new rows and the changed existing rows only', () => {
    const draft = addExclusion(toggleRow(draftFrom(saved), 'id-2'), 'vendor', 'Cisco', 'n1');
    expect(changedRows(saved, draft)).toHaveLength(2);
    expect(exclusionSaveBody(saved, draft)).toEqual({
      excludes: [
        { tenantCsContractExcludeId: 2, excludeVendor: null, excludeAccount: 'ACC-9', activeFlag: 0 },
        { excludeVendor: 'Cisco', excludeAccount: null, activeFlag: 1 },
      ],
    });
  });
});
