/** A captcha failure the reader is told about (SPEC §8), unlike a network error, which is ignored. */
export class CaptchaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CaptchaError';
  }
}
