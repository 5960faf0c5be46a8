/** The part of the qrcode package the server uses (the package ships no types). */
declare module 'qrcode' {
  export function toDataURL(
    text: string,
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; margin?: number; width?: number },
  ): Promise<string>;
}
