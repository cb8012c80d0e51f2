/**
 * The Response class of answers whose body is already whole bytes (rendered and stored pages): srvx's
 * FastResponse, a real Response (same prototype; read, cloned or changed, it becomes undici's) that srvx's
 * node:http adapter writes straight to the socket when nobody read it. undici's Response would wrap the bytes
 * in a body stream that srvx then reads back chunk by chunk: about 5 % of an uncached page's CPU (issue 22's
 * profile, decision 018).
 */
export { FastResponse as AnswerResponse } from 'srvx/node';
