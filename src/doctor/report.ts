import { contradictions, type Finding } from './findings.js';
import type { DoctorReport } from './run-doctor.js';

const MARK = (holds: boolean | undefined) => (holds === undefined ? '[info]' : holds ? '[ok]  ' : '[DIFF]');

function finding(f: Finding): string {
  return `${MARK(f.holds)} ${f.point}\n       found:   ${f.found}\n       assumed: ${f.assumed}\n`;
}

/** The printed report: one block per point, found against assumed, then the verdict. */
export function formatReport(report: DoctorReport): string {
  const differ = contradictions(report.findings);
  const checked = report.findings.filter((f) => f.holds !== undefined).length;
  const verdict =
    differ.length === 0
      ? `The profile's assumptions hold (${checked} checked).`
      : `${differ.length} of ${checked} checked assumptions do not hold: ${differ.map((f) => f.point).join(', ')}.`;
  return (
    report.findings.map(finding).join('') + `\n${report.calls} of ${report.budget} calls spent.\n${verdict}\n`
  );
}
