package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/spf13/cobra"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/tui"
)

// TUIOptions are the flags and streams of `courtier tui`.
type TUIOptions struct {
	*Options
	// As is the e-mail of the agent or admin the dashboard acts as; "" for read-only.
	As      string
	Refresh time.Duration
	NoColor bool
	In      io.Reader
	Out     io.Writer
}

// NewTUICommand builds `courtier tui`. runF replaces the run in tests of flag parsing.
func NewTUICommand(opts *Options, getenv func(string) string, runF func(context.Context, *TUIOptions) error) *cobra.Command {
	to := &TUIOptions{Options: opts}
	cmd := &cobra.Command{
		Use:   "tui",
		Short: "The broker's dashboard in the terminal",
		Long: "A terminal dashboard over the same services as the website: an overview, the\n" +
			"requests, the users and the chat conversations, refreshed every --refresh.\n" +
			"--as names the agent or admin account the actions are recorded under and whose\n" +
			"role bounds them; without it the dashboard is read-only. Runs beside `courtier\n" +
			"serve` on the same database. NO_COLOR turns colours off.",
		Example: "  courtier tui --as admin@exemple.fr\n  courtier tui --db /srv/courtier.db --refresh 10s",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if to.Refresh <= 0 {
				return UsageError{fmt.Errorf("invalid --refresh %s: give a positive duration such as 5s", to.Refresh)}
			}
			to.In, to.Out, to.NoColor = cmd.InOrStdin(), cmd.OutOrStdout(), getenv("NO_COLOR") != ""
			if runF != nil {
				return runF(cmd.Context(), to)
			}
			return tuiRun(cmd.Context(), to)
		},
	}
	cmd.Flags().StringVar(&to.As, "as", "", "e-mail of the agent or admin account to act as (read-only without it)")
	cmd.Flags().DurationVar(&to.Refresh, "refresh", tui.DefaultRefresh, "time between two automatic refreshes")
	return cmd
}

// tuiRun resolves --as and runs the dashboard until the user quits.
func tuiRun(ctx context.Context, to *TUIOptions) error {
	if ctx == nil {
		ctx = context.Background()
	}
	return withApp(ctx, to.Options, func(a *app.App) error {
		actor, err := actorOf(ctx, a.Accounts, to.As)
		if err != nil {
			return err
		}
		opts := tui.Options{Refresh: to.Refresh, NoColor: to.NoColor, Location: a.Calendar.Location()}
		err = tui.Run(ctx, tui.NewAppSource(a, actor), opts, to.In, to.Out)
		if errors.Is(err, tea.ErrInterrupted) {
			return ErrInterrupted
		}
		return err
	})
}

// actorOf is the Actor of --as: an active agent or admin; account.Visitor
// (read-only) when email is "".
func actorOf(ctx context.Context, accounts *account.Service, email string) (account.Actor, error) {
	if email == "" {
		return account.Visitor, nil
	}
	u, err := accounts.GetByEmail(ctx, email)
	if apperr.CodeOf(err) == apperr.ENOTFOUND {
		return account.Visitor, apperr.Errorf(apperr.ENOTFOUND, "Aucun compte n’a l’adresse %s\u00a0: vérifiez --as (courtier users list).", email)
	}
	if err != nil {
		return account.Visitor, err
	}
	if u.Status != account.StatusActive {
		return account.Visitor, apperr.Errorf(apperr.EFORBIDDEN, "Le compte %s est désactivé\u00a0: --as demande un compte actif.", u.Email)
	}
	if u.Role != account.RoleAgent && u.Role != account.RoleAdmin {
		return account.Visitor, apperr.Errorf(apperr.EFORBIDDEN, "%s est un compte client\u00a0: --as demande un conseiller ou un administrateur.", u.Email)
	}
	return account.TerminalActor(u), nil
}
