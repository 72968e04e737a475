import {
  incomeDisclosureQuery,
  Perm,
  statementEndpoints,
  statementPayoutsQuery,
  statementQuery,
} from '@app/contracts';
import { businessTimeZone } from '../../platform/business-time/business-time';
import { access, route } from '../../platform/http/route';
import { streamXlsx } from '../../platform/xlsx/export';
import { disclosureSheets, disclosureYear, incomeDisclosure } from './income-disclosure';
import { statementSheets } from './statement.export';
import { memberStatement, statementMonth, statementPayouts, statementSubject } from './statement.service';

/**
 * A member's earnings statement of a month: members their own (wallet permission), administrators any member's
 * (member list or member report permission; statementSubject decides). `export=1`: the .xlsx.
 */
const statement = route({
  endpoint: statementEndpoints.statements,
  reads: 'replica',
  access: access.user,
  query: statementQuery,
  docs: { summary: "A member's earnings statement of a month of the business time zone" },
  handler: async ({ app, caller, query, locale, timeZone, reply }) => {
    const subject = await statementSubject(app.db, caller, query.user_id);
    const month = statementMonth(query.month, await businessTimeZone(app.db));
    if (!query.export) return memberStatement(app.db, caller, subject, month, locale);
    const sheets = await statementSheets(app.db, caller, subject, month, { locale, timeZone });
    return streamXlsx(reply, sheets.filename, sheets.columns, sheets.batches, sheets.sheetName, {
      before: [sheets.summary],
    });
  },
});

/** The statement month's payouts, paged (by day, then id). */
const payouts = route({
  endpoint: statementEndpoints.payouts,
  reads: 'replica',
  access: access.user,
  query: statementPayoutsQuery,
  handler: async ({ app, caller, query, locale }) => {
    const subject = await statementSubject(app.db, caller, query.user_id);
    const month = statementMonth(query.month, await businessTimeZone(app.db));
    return statementPayouts(app.db, subject, month, query, locale);
  },
});

/** The income disclosure of a year (member report permission). `export=1`: the .xlsx. */
const disclosure = route({
  endpoint: statementEndpoints.incomeDisclosure,
  reads: 'replica',
  access: access.admin(Perm.userReport),
  query: incomeDisclosureQuery,
  docs: { summary: "Members' earnings of a year by level: counts, mean, median and percentiles" },
  handler: async ({ app, query, locale, timeZone, reply }) => {
    const year = disclosureYear(Number(query.year), await businessTimeZone(app.db));
    const figures = await incomeDisclosure(app.db, year, locale);
    if (!query.export) return figures;
    const sheets = disclosureSheets(figures, { locale, timeZone });
    const batches = (async function* () {
      yield sheets.rows;
    })();
    return streamXlsx(reply, sheets.filename, sheets.columns, batches, sheets.sheetName, {
      after: [sheets.notes],
    });
  },
});

export const statementRoutes = [statement, payouts, disclosure];
