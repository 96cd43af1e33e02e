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
  const unmeasured = report.findings.filter((f) => f.unmeasured === true).map((f) => f.point);
  // An unmeasured point is never reported as holding: the profile keeps (or writes) the safe reading.
  const untold =
    unmeasured.length === 0 ? '' : ` Not measured: ${unmeasured.join(', ')} (the safe reading is kept).`;
  const verdict =
    differ.length === 0
      ? `${checked === 1 ? 'The one checked assumption holds' : `The ${checked} checked assumptions hold`}.${untold}`
      : `${differ.length} of ${checked} checked assumptions do not hold: ${differ.map((f) => f.point).join(', ')}.${untold}`;
  return (
    report.findings.map(finding).join('') + `\n${report.calls} of ${report.budget} calls spent.\n${verdict}\n`
  );
}
