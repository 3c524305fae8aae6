package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"courtier/pkg/account"
	"courtier/pkg/app"
)

// NewUsersSetPasswordCommand builds `courtier users set-password EMAIL`:
// an admin helping someone who cannot use the reset link. The password is
// read from standard input (asked twice without echo on a terminal).
func NewUsersSetPasswordCommand(opts *Options) *cobra.Command {
	return &cobra.Command{
		Use:   "set-password EMAIL",
		Short: "Give an account a new password (read from standard input) and end its sessions",
		Long: "Give an account a new password, for an admin helping its owner. The password is read\n" +
			"from standard input, so scripts can pipe it; on a terminal it is asked twice without echo.\n" +
			"Every session of the account ends, and its owner is told by e-mail.",
		Example: "  courtier users set-password marie@example.com\n  printf '%s\\n' \"$PASSWORD\" | courtier users set-password marie@example.com",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := account.NormalizeEmail(args[0]); err != nil {
				return UsageError{fmt.Errorf("invalid e-mail %q", args[0])}
			}
			ctx := cmd.Context()
			return withApp(ctx, opts, func(a *app.App) error {
				// The account is checked before the password is asked.
				if _, err := a.Accounts.GetByEmail(ctx, args[0]); err != nil {
					return err
				}
				password, err := readPassword(cmd.InOrStdin(), cmd.ErrOrStderr())
				if err != nil {
					return err
				}
				ended, err := a.Accounts.SetPassword(ctx, args[0], password)
				if err != nil {
					return err
				}
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "Mot de passe de %s changé ; %d session(s) fermée(s) ; un e-mail l’en informe.\n", args[0], ended)
				return err
			})
		},
	}
}

// NewUsersResetTwoFactorCommand builds `courtier users reset-2fa EMAIL`:
// an admin helping an owner who lost the phone of their second factor.
func NewUsersResetTwoFactorCommand(opts *Options) *cobra.Command {
	return &cobra.Command{
		Use:   "reset-2fa EMAIL",
		Short: "Take the second factor (authenticator app) off an account",
		Long: "Take the second factor off an account, for an admin helping an owner who lost their phone.\n" +
			"Its secret and recovery codes are deleted; a client then signs in with the password alone,\n" +
			"an agent or admin sets up a new app at the next sign-in. The owner is told by e-mail.",
		Example: "  courtier users reset-2fa bruno@example.com",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if _, err := account.NormalizeEmail(args[0]); err != nil {
				return UsageError{fmt.Errorf("invalid e-mail %q", args[0])}
			}
			ctx := cmd.Context()
			return withApp(ctx, opts, func(a *app.App) error {
				u, err := a.Accounts.ResetTwoFactor(ctx, args[0])
				if err != nil {
					return err
				}
				next := "le mot de passe suffit de nouveau pour se connecter"
				if u.Role != account.RoleClient {
					next = "une nouvelle application sera demandée à la prochaine connexion"
				}
				_, err = fmt.Fprintf(cmd.OutOrStdout(), "Validation en deux étapes de %s retirée ; %s ; un e-mail l’en informe.\n", u.Email, next)
				return err
			})
		},
	}
}
