package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/mail"
)

// NewMailCommand builds `courtier mail` and its subcommands: the outbox as
// the operator reads it, every mail the site wrote, sent or not.
func NewMailCommand(opts *Options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "mail",
		Short: "Read the outbox: the mails the site wrote, sent or not",
		Long: "Every notice the site sends (a quote request received, a password reset…) is written to\n" +
			"the outbox first. `courtier serve --smtp URL` sends it; without --smtp it stays there,\n" +
			"« non envoyé », and these commands print it.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(NewMailListCommand(opts), NewMailShowCommand(opts))
	return cmd
}

// MailListOptions are the flags of `courtier mail list`.
type MailListOptions struct {
	*Options
	Status string
	Limit  int
	JSON   bool
	Out    io.Writer
}

// NewMailListCommand builds `courtier mail list`.
func NewMailListCommand(opts *Options) *cobra.Command {
	lo := &MailListOptions{Options: opts}
	cmd := &cobra.Command{
		Use:     "list",
		Short:   "List the mails of the outbox, newest first",
		Example: "  courtier mail list\n  courtier mail list --status failed --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch mail.Status(lo.Status) {
			case "", mail.StatusPending, mail.StatusSent, mail.StatusFailed:
			default:
				return UsageError{fmt.Errorf("invalid status %q: use pending, sent or failed", lo.Status)}
			}
			if lo.Limit < 1 || lo.Limit > 10000 {
				return UsageError{fmt.Errorf("invalid limit %d: use 1 to 10000", lo.Limit)}
			}
			lo.Out = cmd.OutOrStdout()
			return mailListRun(cmd.Context(), lo)
		},
	}
	cmd.Flags().StringVar(&lo.Status, "status", "", "only mails in this status: pending, sent or failed")
	cmd.Flags().IntVar(&lo.Limit, "limit", 100, "how many mails at most")
	cmd.Flags().BoolVar(&lo.JSON, "json", false, "print a JSON array instead of a table")
	return cmd
}

func mailListRun(ctx context.Context, o *MailListOptions) error {
	return withApp(ctx, o.Options, func(a *app.App) error {
		list, err := a.Mail.List(ctx, account.Operator, mail.Filter{Status: mail.Status(o.Status), Limit: o.Limit})
		if err != nil {
			return err
		}
		if o.JSON {
			return printJSON(o.Out, list)
		}
		tw := tabwriter.NewWriter(o.Out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tÉTAT\tÉCRIT (UTC)\tDESTINATAIRE\tOBJET")
		for _, m := range list {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\n", m.ID, m.Status.Label(), m.CreatedAt.UTC().Format("2006-01-02 15:04"), m.To, m.Subject)
		}
		return tw.Flush()
	})
}

// NewMailShowCommand builds `courtier mail show ID`.
func NewMailShowCommand(opts *Options) *cobra.Command {
	var asJSON bool
	cmd := &cobra.Command{
		Use:     "show ID",
		Short:   "Print one mail: its headers, its state and its text part",
		Example: "  courtier mail show 42\n  courtier mail show 42 --json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			id, err := strconv.ParseInt(args[0], 10, 64)
			if err != nil || id < 1 {
				return UsageError{fmt.Errorf("invalid mail id %q: a positive number, as in courtier mail list", args[0])}
			}
			out := cmd.OutOrStdout()
			return withApp(cmd.Context(), opts, func(a *app.App) error {
				m, err := a.Mail.Get(cmd.Context(), account.Operator, id)
				if err != nil {
					return err
				}
				if asJSON {
					return printJSON(out, m)
				}
				return printMail(out, m)
			})
		},
	}
	cmd.Flags().BoolVar(&asJSON, "json", false, "print a JSON object, HTML part included")
	return cmd
}

// printMail writes m as a mail client shows it, then its state.
func printMail(w io.Writer, m *mail.Mail) error {
	state := m.Status.Label()
	switch {
	case m.Status == mail.StatusSent:
		state += ", le " + m.SentAt.UTC().Format("2006-01-02 15:04") + " UTC"
	case m.LastError != "":
		state += fmt.Sprintf(" (%d essais ; dernière erreur : %s)", m.Attempts, m.LastError)
	}
	_, err := fmt.Fprintf(w, "De : %s\nÀ : %s\nObjet : %s\nMessage-ID : %s\nÉcrit le : %s UTC\nÉtat : %s\n\n%s",
		m.From, m.To, m.Subject, m.MessageID, m.CreatedAt.UTC().Format("2006-01-02 15:04"), state, m.Text)
	return err
}

// printJSON writes v indented, with a final newline.
func printJSON(w io.Writer, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", b)
	return err
}
