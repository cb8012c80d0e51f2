export function withReasonPhrase(response: Response): Response;
export function compressDynamic(response: Response, request: Request): Response;
