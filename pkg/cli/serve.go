package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"courtier/pkg/company"
	"courtier/pkg/store"
	"courtier/pkg/web"
	"courtier/site"
)

// ServeOptions are the flags of `courtier serve`.
type ServeOptions struct {
	*Options
	Addr string
	// Ready is called with the listening address once the server accepts
	// connections; tests use it to learn a random port.
	Ready func(addr string)
}

// NewServeCommand builds `courtier serve`. runF replaces the run in tests of flag parsing.
func NewServeCommand(opts *Options, runF func(context.Context, *ServeOptions, io.Writer) error) *cobra.Command {
	so := &ServeOptions{Options: opts}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the website and its API",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, stop := signal.NotifyContext(cmd.Context(), syscall.SIGINT, syscall.SIGTERM)
			defer stop()
			if runF != nil {
				return runF(ctx, so, cmd.ErrOrStderr())
			}
			return serveRun(ctx, so, cmd.ErrOrStderr())
		},
	}
	cmd.Flags().StringVar(&so.Addr, "addr", "127.0.0.1:8080", "address to listen on")
	return cmd
}

// serveRun opens the store, builds the server and serves until ctx ends.
func serveRun(ctx context.Context, opts *ServeOptions, logOut io.Writer) error {
	logger := slog.New(slog.NewTextHandler(logOut, nil))
	profile, err := company.Default()
	if err != nil {
		return err
	}
	table, err := site.Routes()
	if err != nil {
		return err
	}
	db, err := store.Open(ctx, opts.DB)
	if err != nil {
		return err
	}
	defer func() {
		if err := db.Close(); err != nil {
			logger.Error("fermeture de la base", "err", err)
		}
	}()
	files, built := site.Files()
	if !built {
		logger.Warn("binaire compilé sans le site : lancez make build pour l'inclure")
	}
	srv, err := web.New(web.Config{Logger: logger, Store: db, Company: profile, Site: files, Routes: table})
	if err != nil {
		return err
	}
	ready := opts.Ready
	if ready == nil {
		ready = func(addr string) {
			logger.Info("serveur prêt", "url", fmt.Sprintf("http://%s", addr), "db", db.Path())
		}
	}
	if err := web.Serve(ctx, opts.Addr, srv.Handler(), logger, ready); err != nil {
		return err
	}
	logger.Info("serveur arrêté proprement")
	return nil
}
