// POST /csp-report: where browsers send what the pages' Content-Security-Policy
// blocked (its report-uri). Each report is logged (warn) and counted; the last few
// are kept in memory so tests (and an operator with a debugger) can read them.
// Anyone can post here, so it is rate-limited per IP and every field is cut short.
import express, { type Router } from 'express';
import type { RateLimits } from '../rate-limits/rate-limits';
import { AppError } from '../shared/errors';
import { CSP_REPORT_PATH } from './security-headers';

/** One violation, as the browser described it (report-uri's and the Reporting API's shapes both map here). */
export interface CspViolation {
  documentUrl: string;
  /** The directive that blocked it (effective-directive), e.g. "script-src-elem". */
  directive: string;
  /** What was blocked: a URL, or "inline" / "eval". */
  blockedUrl: string;
  sourceFile: string;
  line: number | null;
  /** The first characters of the blocked inline code, when the policy asks for them. */
  sample: string;
}

export interface CspReportLog {
  /** Violations received since the process started. */
  readonly count: number;
  /** The most recent violations, oldest first. */
  readonly recent: readonly CspViolation[];
}

const KEPT = 100;
const FIELD_LENGTH = 300;
/** report-uri's media type, the Reporting API's, and plain JSON (some browsers and tools). */
const REPORT_TYPES = ['application/csp-report', 'application/reports+json', 'application/json'];

export function cspReportRoute({ rateLimits }: { rateLimits: RateLimits }): { router: Router; reports: CspReportLog } {
  const recent: CspViolation[] = [];
  let count = 0;
  const router = express.Router();
  router.post(CSP_REPORT_PATH, async (req, _res, next) => {
    await rateLimits.consume('cspReports', `ip:${req.ip ?? 'unknown'}`);
    next();
  }, express.json({ type: REPORT_TYPES, limit: '32kb' }), (req, res) => {
    const violations = violationsIn(req.body);
    if (!violations) throw new AppError('BAD_USER_INPUT', 'Expected a CSP violation report.');
    for (const violation of violations) {
      count += 1;
      recent.push(violation);
      if (recent.length > KEPT) recent.shift();
      req.log.warn({ cspViolation: violation }, 'content security policy violation');
    }
    res.status(204).end();
  });
  return {
    router,
    reports: {
      get count() {
        return count;
      },
      get recent() {
        return [...recent];
      },
    },
  };
}

/** The violations in a report-uri body ({"csp-report": {...}}) or a Reporting API batch ([{type: "csp-violation", body}]); null when neither. */
function violationsIn(body: unknown): CspViolation[] | null {
  if (Array.isArray(body)) {
    const reports = body.filter((report): report is { type: string; body: Record<string, unknown> } => isRecord(report) && report.type === 'csp-violation' && isRecord(report.body));
    if (reports.length === 0) return null;
    return reports.map(({ body: report }) => ({
      documentUrl: text(report.documentURL),
      directive: text(report.effectiveDirective),
      blockedUrl: text(report.blockedURL),
      sourceFile: text(report.sourceFile),
      line: lineOf(report.lineNumber),
      sample: text(report.sample),
    }));
  }
  if (isRecord(body) && isRecord(body['csp-report'])) {
    const report = body['csp-report'];
    return [
      {
        documentUrl: text(report['document-uri']),
        directive: text(report['effective-directive'] ?? report['violated-directive']),
        blockedUrl: text(report['blocked-uri']),
        sourceFile: text(report['source-file']),
        line: lineOf(report['line-number']),
        sample: text(report['script-sample']),
      },
    ];
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, FIELD_LENGTH) : '';
}

function lineOf(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}
