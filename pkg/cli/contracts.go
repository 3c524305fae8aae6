package cli

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/contract"
	"courtier/pkg/fr"
)

// NewContractsCommand builds `courtier contracts`: the back office's work
// on the signed contracts.
func NewContractsCommand(opts *Options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "contracts",
		Short: "The contracts' back office: the day's work of debits, payment incidents and renewals",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(NewContractsTickCommand(opts, nil))
	return cmd
}

// ContractsTickOptions are the flags and stream of `courtier contracts tick`.
type ContractsTickOptions struct {
	*Options
	// Date is the day whose work is done, YYYY-MM-DD; "" for today.
	Date   string
	Stdout io.Writer
}

// NewContractsTickCommand builds `courtier contracts tick`. runF replaces
// the run in tests of flag parsing.
func NewContractsTickCommand(opts *Options, runF func(context.Context, *ContractsTickOptions) error) *cobra.Command {
	o := &ContractsTickOptions{Options: opts}
	cmd := &cobra.Command{
		Use:   "tick [--date YYYY-MM-DD]",
		Short: "Do the contracts' work of a day: debits paid, payment incidents, notices, renewals",
		Long: "Do the contracts' work of a day, as of --date (today, in the broker's time zone, when not\n" +
			"given), in order: the debits whose return window has passed become paid; the payment\n" +
			"incidents move on (formal notice on day 10, suspension on day 40, termination on day 50);\n" +
			"the avis d'échéance due are sent; the contracts at their anniversary renew, or end.\n" +
			"Everything due on or before that day and not done yet is done, so a day missed is caught up\n" +
			"by the next one. Running it twice for a day changes nothing and sends no e-mail twice.\n" +
			"serve does the same every hour across its instances; this command is for a day caught up\n" +
			"by hand, or a test. It prints one line per step with how many debits or contracts it moved.",
		Example: "  courtier contracts tick\n" +
			"  courtier contracts tick --date 2026-03-10",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.Date != "" {
				if err := checkDateFlag(o.Date); err != nil {
					return err
				}
			}
			o.Stdout = cmd.OutOrStdout()
			if runF != nil {
				return runF(cmd.Context(), o)
			}
			return contractsTickRun(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.Date, "date", "", "day whose work is done, YYYY-MM-DD (today when not given)")
	return cmd
}

// contractsTickRun does the day's work as the server's operator and prints
// its report.
func contractsTickRun(ctx context.Context, o *ContractsTickOptions) error {
	return withApp(ctx, o.Options, func(a *app.App) error {
		r, err := a.Contracts.Tick(ctx, account.Operator, o.Date)
		if err != nil {
			return err
		}
		return writeTickReport(o.Stdout, r)
	})
}

// writeTickReport prints the day's work: the day, then one line per step
// with its count.
func writeTickReport(w io.Writer, r *contract.TickReport) error {
	day, err := time.Parse(time.DateOnly, r.Day)
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Travail du %s\u00a0:\n", fr.Date(day, time.UTC))
	for _, st := range r.Steps {
		// « label : n » is French whatever n is, which « n label » is not
		// for 0 and 1 with a plural label.
		fmt.Fprintf(&b, "  %s\u00a0: %s\n", st.Label, fr.Int(st.Count))
	}
	_, err = io.WriteString(w, b.String())
	return err
}
