package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"courtier/pkg/account"
	"courtier/pkg/app"
)

// NewUsersCommand builds `courtier users` and its subcommands.
func NewUsersCommand(opts *Options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "users",
		Short: "List user accounts, set their roles, create, disable and enable them",
		Long: "Manage the website's user accounts. These commands work on the same database\n" +
			"while `courtier serve` runs; role changes and disabling end the user's sessions.",
		// NoArgs with a run makes `courtier users bogus` an unknown command (exit 2).
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(
		NewUsersListCommand(opts, nil),
		NewUsersSetRoleCommand(opts, nil),
		NewUsersCreateCommand(opts, nil),
		NewUsersStatusCommand(opts, account.StatusDisabled, nil),
		NewUsersStatusCommand(opts, account.StatusActive, nil),
		NewUsersSessionsCommand(opts, nil),
		NewUsersSignOutCommand(opts, nil),
		NewUsersSetPasswordCommand(opts),
		NewUsersResetTwoFactorCommand(opts),
	)
	return cmd
}

// withAccounts opens the existing store and the account service for one
// command. Failures are not logged: the command prints them as its
// one-line reason.
func withAccounts(ctx context.Context, opts *Options, fn func(*account.Service) error) error {
	return withApp(ctx, opts, func(a *app.App) error { return fn(a.Accounts) })
}

// parseRoleArg reads a role from the command line; a bad one is a usage error.
func parseRoleArg(s string) (account.Role, error) {
	role, err := account.ParseRole(s)
	if err != nil {
		return "", UsageError{fmt.Errorf("invalid role %q: use one of %s", s, account.RoleNames())}
	}
	return role, nil
}

// UsersListOptions are the flags of `courtier users list`.
type UsersListOptions struct {
	*Options
	// Role filters the list; nil lists everyone.
	Role *account.Role
	JSON bool
	Out  io.Writer
}

// NewUsersListCommand builds `courtier users list`. runF replaces the run in tests.
func NewUsersListCommand(opts *Options, runF func(context.Context, *UsersListOptions) error) *cobra.Command {
	lo := &UsersListOptions{Options: opts}
	var role string
	cmd := &cobra.Command{
		Use:     "list",
		Short:   "List user accounts, oldest first",
		Example: "  courtier users list\n  courtier users list --role agent --json",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if role != "" {
				r, err := parseRoleArg(role)
				if err != nil {
					return err
				}
				lo.Role = &r
			}
			lo.Out = cmd.OutOrStdout()
			if runF != nil {
				return runF(cmd.Context(), lo)
			}
			return usersListRun(cmd.Context(), lo)
		},
	}
	cmd.Flags().StringVar(&role, "role", "", "only users with this role: "+account.RoleNames())
	cmd.Flags().BoolVar(&lo.JSON, "json", false, "print a JSON array instead of a table")
	return cmd
}

func usersListRun(ctx context.Context, o *UsersListOptions) error {
	return withAccounts(ctx, o.Options, func(svc *account.Service) error {
		users, err := svc.List(ctx, o.Role)
		if err != nil {
			return err
		}
		if o.JSON {
			b, err := json.MarshalIndent(users, "", "  ")
			if err != nil {
				return err
			}
			_, err = fmt.Fprintf(o.Out, "%s\n", b)
			return err
		}
		// The table is for staff to read, in French; scripts read --json,
		// whose keys and values stay as they are. The role is written as
		// --role and set-role take it.
		tw := tabwriter.NewWriter(o.Out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "E-MAIL\tNOM\tRÔLE\tÉTAT\tCRÉÉ LE (UTC)")
		for _, u := range users {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", u.Email, u.DisplayName, u.Role, statusWord(u.Status), u.CreatedAt.UTC().Format("2006-01-02 15:04"))
		}
		return tw.Flush()
	})
}

// statusWord is an account's status in the table, in French.
func statusWord(st account.Status) string {
	if st == account.StatusDisabled {
		return "désactivé"
	}
	return "actif"
}

// UsersSetRoleOptions are the arguments of `courtier users set-role`.
type UsersSetRoleOptions struct {
	*Options
	Email string
	Role  account.Role
	Out   io.Writer
}

// NewUsersSetRoleCommand builds `courtier users set-role EMAIL ROLE`.
func NewUsersSetRoleCommand(opts *Options, runF func(context.Context, *UsersSetRoleOptions) error) *cobra.Command {
	so := &UsersSetRoleOptions{Options: opts}
	return &cobra.Command{
		Use:     "set-role EMAIL ROLE",
		Short:   "Give a user a role (admin, agent, client) and end their sessions",
		Example: "  courtier users set-role marie@example.com agent",
		Args:    cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			role, err := parseRoleArg(args[1])
			if err != nil {
				return err
			}
			so.Email, so.Role, so.Out = args[0], role, cmd.OutOrStdout()
			if runF != nil {
				return runF(cmd.Context(), so)
			}
			return usersSetRoleRun(cmd.Context(), so)
		},
	}
}

func usersSetRoleRun(ctx context.Context, o *UsersSetRoleOptions) error {
	return withAccounts(ctx, o.Options, func(svc *account.Service) error {
		u, ended, err := svc.SetRole(ctx, o.Email, o.Role)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(o.Out, "%s est désormais %s (%s)\n", u.Email, u.Role, sessionsEnded(ended))
		return err
	})
}

// sessionsEnded says in French how many sessions a change ended (0 and 1
// take the singular in French).
func sessionsEnded(n int) string {
	if n <= 1 {
		return fmt.Sprintf("%d session terminée", n)
	}
	return fmt.Sprintf("%d sessions terminées", n)
}
