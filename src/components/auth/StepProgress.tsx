import classes from "./StepProgress.module.css";

/**
 * Where the player is in a flow of a few steps ("Email", "Security", "New password"): Mantine's
 * Stepper, size xs, in its look (StepProgress.module.css), drawn with plain elements and no code of
 * its own to hydrate. It only shows progress: the steps are not buttons. Done steps show a check, the
 * current one is ringed and named to screen readers (`aria-current="step"`).
 */
export function StepProgress({ steps, active, label }: { steps: readonly string[]; active: number; label: string }) {
  return (
    <ol className={classes.steps} aria-label={label}>
      {steps.map((step, i) => (
        <li
          key={step}
          className={classes.step}
          data-completed={i < active || undefined}
          data-progress={i === active || undefined}
          aria-current={i === active ? "step" : undefined}
        >
          <span className={classes.icon}>
            {i < active ? (
              <svg viewBox="0 0 10 7" fill="none" aria-hidden="true" className={classes.check}>
                <path
                  d="M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z"
                  fill="currentColor"
                  fillRule="evenodd"
                  clipRule="evenodd"
                />
              </svg>
            ) : (
              i + 1
            )}
          </span>
          <span className={classes.label}>{step}</span>
          {i < steps.length - 1 && <span className={classes.separator} data-active={i < active || undefined} />}
        </li>
      ))}
    </ol>
  );
}
