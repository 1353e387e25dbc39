import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when it is answered, holding what Fastify's two lines held (the request
 * as it arrived, the status and the time taken): half the log, and half the logging work of every read
 * (decision 204). A request its client gives up on before the answer is logged by logAbortedRequests.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** A request its client gave up on before the answer has no completed line: it gets this one instead. */
export function logAbortedRequests(app: FastifyInstance) {
  app.addHook('onRequestAbort', (request, done) => {
    request.log.info({ req: request }, 'request aborted by the client');
    done();
  });
}
