package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"courtier/pkg/account"
	"courtier/pkg/apperr"
)

// UsersCreateOptions are the flags of `courtier users create`.
type UsersCreateOptions struct {
	*Options
	Email string
	Name  string
	Role  account.Role
	// In gives the password: asked without echo on a terminal, else one line.
	In     io.Reader
	Out    io.Writer
	Prompt io.Writer
}

// NewUsersCreateCommand builds `courtier users create`. runF replaces the run in tests.
func NewUsersCreateCommand(opts *Options, runF func(context.Context, *UsersCreateOptions) error) *cobra.Command {
	co := &UsersCreateOptions{Options: opts}
	var role string
	cmd := &cobra.Command{
		Use:   "create --email EMAIL [--name NAME] [--role ROLE]",
		Short: "Create an account; the password is read from standard input",
		Long: "Create an account. The password is asked without echo on a terminal, or read\n" +
			"as one line from standard input, so scripts can pipe it. This is how the first\n" +
			"admin is made.",
		Example: "  courtier users create --email admin@example.com --role admin\n" +
			"  printf '%s\\n' \"$PASSWORD\" | courtier users create --email agent@example.com --name 'Léa Martin' --role agent",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			r, err := parseRoleArg(role)
			if err != nil {
				return err
			}
			co.Role, co.In, co.Out, co.Prompt = r, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			if runF != nil {
				return runF(cmd.Context(), co)
			}
			return usersCreateRun(cmd.Context(), co)
		},
	}
	cmd.Flags().StringVar(&co.Email, "email", "", "e-mail address of the account (required)")
	cmd.Flags().StringVar(&co.Name, "name", "", "display name (default: the part of the e-mail before @)")
	cmd.Flags().StringVar(&role, "role", string(account.RoleClient), "role: "+account.RoleNames())
	cmd.MarkFlagRequired("email") //nolint:errcheck // the flag exists just above
	return cmd
}

func usersCreateRun(ctx context.Context, o *UsersCreateOptions) error {
	// No password is asked for a database that is not there.
	if err := dbExists(o.DB); err != nil {
		return err
	}
	password, err := readPassword(o.In, o.Prompt)
	if err != nil {
		return err
	}
	return withAccounts(ctx, o.Options, func(svc *account.Service) error {
		u, err := svc.Create(ctx, account.NewUser{Email: o.Email, Password: password, DisplayName: o.Name, Role: o.Role})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(o.Out, "Compte %s créé\u00a0: %s (uid %s)\n", u.Role, u.Email, u.UID)
		return err
	})
}

// readPassword asks twice without echo on a terminal; otherwise it reads
// one line, without its line ending, so a pipe can give it.
func readPassword(in io.Reader, prompt io.Writer) (string, error) {
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return askPassword(int(f.Fd()), prompt)
	}
	line, err := bufio.NewReader(in).ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && line != "") {
		return "", apperr.Errorf(apperr.EINVALID, "Aucun mot de passe sur l’entrée standard\u00a0: envoyez-le sur une ligne, ou lancez la commande dans un terminal.")
	}
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r"), nil
}

func askPassword(fd int, prompt io.Writer) (string, error) {
	read := func(label string) (string, error) {
		fmt.Fprint(prompt, label)
		b, err := term.ReadPassword(fd)
		fmt.Fprintln(prompt)
		if err != nil {
			return "", fmt.Errorf("lecture du mot de passe impossible\u00a0: %w", err)
		}
		return string(b), nil
	}
	first, err := read("Mot de passe (12 à 128 caractères)\u00a0: ")
	if err != nil {
		return "", err
	}
	again, err := read("Confirmez le mot de passe\u00a0: ")
	if err != nil {
		return "", err
	}
	if first != again {
		return "", apperr.Errorf(apperr.EINVALID, "Les deux mots de passe diffèrent.")
	}
	return first, nil
}

// UsersStatusOptions are the arguments of `courtier users disable|enable`.
type UsersStatusOptions struct {
	*Options
	Email  string
	Status account.Status
	Out    io.Writer
}

// NewUsersStatusCommand builds `courtier users disable EMAIL` (status
// disabled) or `courtier users enable EMAIL` (status active).
func NewUsersStatusCommand(opts *Options, status account.Status, runF func(context.Context, *UsersStatusOptions) error) *cobra.Command {
	so := &UsersStatusOptions{Options: opts, Status: status}
	cmd := &cobra.Command{
		Use:   "enable EMAIL",
		Short: "Let a disabled user sign in again",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			so.Email, so.Out = args[0], cmd.OutOrStdout()
			if runF != nil {
				return runF(cmd.Context(), so)
			}
			return usersStatusRun(cmd.Context(), so)
		},
	}
	if status == account.StatusDisabled {
		cmd.Use, cmd.Short = "disable EMAIL", "Stop a user from signing in and end their sessions"
	}
	return cmd
}

func usersStatusRun(ctx context.Context, o *UsersStatusOptions) error {
	return withAccounts(ctx, o.Options, func(svc *account.Service) error {
		u, ended, err := svc.SetStatus(ctx, o.Email, o.Status)
		if err != nil {
			return err
		}
		if u.Status == account.StatusDisabled {
			_, err = fmt.Fprintf(o.Out, "%s désactivé (%s)\n", u.Email, sessionsEnded(ended))
		} else {
			_, err = fmt.Fprintf(o.Out, "%s réactivé\n", u.Email)
		}
		return err
	})
}
