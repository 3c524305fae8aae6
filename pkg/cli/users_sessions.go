package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"courtier/pkg/account"
)

// UsersSessionsOptions are the arguments of `courtier users sessions`.
type UsersSessionsOptions struct {
	*Options
	Email string
	JSON  bool
	Out   io.Writer
}

// NewUsersSessionsCommand builds `courtier users sessions EMAIL`. runF
// replaces the run in tests.
func NewUsersSessionsCommand(opts *Options, runF func(context.Context, *UsersSessionsOptions) error) *cobra.Command {
	so := &UsersSessionsOptions{Options: opts}
	cmd := &cobra.Command{
		Use:     "sessions EMAIL",
		Short:   "List a user's open sessions: device, first and last activity",
		Example: "  courtier users sessions marie@example.com\n  courtier users sessions marie@example.com --json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			so.Email, so.Out = args[0], cmd.OutOrStdout()
			if runF != nil {
				return runF(cmd.Context(), so)
			}
			return usersSessionsRun(cmd.Context(), so)
		},
	}
	cmd.Flags().BoolVar(&so.JSON, "json", false, "print a JSON array instead of a table")
	return cmd
}

func usersSessionsRun(ctx context.Context, o *UsersSessionsOptions) error {
	return withAccounts(ctx, o.Options, func(svc *account.Service) error {
		list, err := svc.SessionsOf(ctx, o.Email)
		if err != nil {
			return err
		}
		if o.JSON {
			b, err := json.MarshalIndent(list, "", "  ")
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(o.Out, "%s\n", b)
			return err
		}
		if len(list) == 0 {
			_, err = fmt.Fprintf(o.Out, "Aucune session ouverte pour %s.\n", normalized(o.Email))
			return err
		}
		const minute = "2006-01-02 15:04"
		tw := tabwriter.NewWriter(o.Out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "APPAREIL\tPREMIÈRE CONNEXION (UTC)\tDERNIÈRE ACTIVITÉ (UTC)")
		for _, s := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", s.Device, s.CreatedAt.UTC().Format(minute), s.LastSeenAt.UTC().Format(minute))
		}
		return tw.Flush()
	})
}

// UsersSignOutOptions are the arguments of `courtier users sign-out`.
type UsersSignOutOptions struct {
	*Options
	Email string
	Out   io.Writer
}

// NewUsersSignOutCommand builds `courtier users sign-out EMAIL`. runF
// replaces the run in tests.
func NewUsersSignOutCommand(opts *Options, runF func(context.Context, *UsersSignOutOptions) error) *cobra.Command {
	so := &UsersSignOutOptions{Options: opts}
	return &cobra.Command{
		Use:   "sign-out EMAIL",
		Short: "End every session of a user (the account stays as it is)",
		Long: "End every session of a user at once, on every device: the next request of each\n" +
			"browser is signed out. The account, its role and its password are left as they are.",
		Example: "  courtier users sign-out marie@example.com",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			so.Email, so.Out = args[0], cmd.OutOrStdout()
			if runF != nil {
				return runF(cmd.Context(), so)
			}
			return usersSignOutRun(cmd.Context(), so)
		},
	}
}

func usersSignOutRun(ctx context.Context, o *UsersSignOutOptions) error {
	return withAccounts(ctx, o.Options, func(svc *account.Service) error {
		n, err := svc.SignOutAll(ctx, o.Email)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(o.Out, signedOutLine(n, normalized(o.Email)))
		return err
	})
}

// signedOutLine says in French how many sessions ended; French puts 0 and
// 1 in the singular.
func signedOutLine(n int, email string) string {
	switch n {
	case 0:
		return fmt.Sprintf("Aucune session n’était ouverte pour %s.", email)
	case 1:
		return fmt.Sprintf("1 session fermée pour %s.", email)
	}
	return fmt.Sprintf("%d sessions fermées pour %s.", n, email)
}

// normalized is an e-mail the service has just accepted, as it stores it.
func normalized(email string) string {
	if norm, err := account.NormalizeEmail(email); err == nil {
		return norm
	}
	return email
}
