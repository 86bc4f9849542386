import { useBranchChoices } from '../../visits/common';

// The fields the device lists' filters share: a period, and the branch among the user's own.


/** From and to (UK days). */
export function PeriodFields({ from, to, choose }: { from: string; to: string; choose: (key: 'from' | 'to', value: string) => void }) {
  return (
    <>
      <label>
        From
        <input type="date" value={from} onChange={(event) => choose('from', event.target.value)} />
      </label>
      <label>
        To
        <input type="date" value={to} onChange={(event) => choose('to', event.target.value)} />
      </label>
    </>
  );
}

/** One of the user's branches, or all of them. */
export function BranchField({ value, choose }: { value: string; choose: (key: 'branch_id', value: string) => void }) {
  const branches = useBranchChoices();
  return (
    <label>
      Branch
      <select value={value} onChange={(event) => choose('branch_id', event.target.value)}>
        <option value="">All my branches</option>
        {branches.map((branch) => <option key={branch.value} value={branch.value}>{branch.label}</option>)}
      </select>
    </label>
  );
}
