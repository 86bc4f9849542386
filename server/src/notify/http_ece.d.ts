// The parts of http_ece (Encrypted Content-Encoding for HTTP, RFC 8188; web-push's own dependency) the Web Push
// test uses to read a message as the phone would. The package ships no types.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(buffer: Buffer, params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string }): Buffer;
  const ece: { decrypt: typeof decrypt };
  export default ece;
}
