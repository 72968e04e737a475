import { Readable } from 'node:stream';
import { jobParams, platformEndpoints } from '@app/contracts';
import { conflict } from '../http/errors';
import { access, route } from '../http/route';
import { attachment, XLSX_MIME } from '../xlsx/export';
import { jobFileChunksOf, jobFileSize, toJobView, visibleJob } from './jobs.service';

/** Reading a job and its file: its owner (or a super admin) only; anyone else gets a 404. */
export const jobRoutes = [
  route({
    endpoint: platformEndpoints.job,
    access: access.user,
    params: jobParams,
    handler: async ({ app, caller, params, locale }) =>
      toJobView(await visibleJob(app.db, params.id, caller), locale),
  }),
  route({
    endpoint: platformEndpoints.jobFile,
    access: access.user,
    params: jobParams,
    handler: async ({ app, caller, params, reply }) => {
      const job = await visibleJob(app.db, params.id, caller);
      if (job.status !== 'done') throw conflict('jobs.notReady');
      const type = job.fileName.endsWith('.xlsx') ? XLSX_MIME : 'application/octet-stream';
      return attachment(reply, job.fileName, type)
        .header('content-length', await jobFileSize(app.db, job.id))
        .send(Readable.from(jobFileChunksOf(app.db, job.id)));
    },
  }),
];
