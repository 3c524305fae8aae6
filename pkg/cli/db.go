package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"courtier/pkg/apperr"
	"courtier/pkg/store"
)

// NewDBCommand builds `courtier db` and its subcommands.
func NewDBCommand(opts *Options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "db",
		Short: "Migrate, back up and copy the database",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(NewDBMigrateCommand(opts), NewDBBackupCommand(opts), NewDBCopyCommand())
	return cmd
}

// NewDBMigrateCommand builds `courtier db migrate`.
func NewDBMigrateCommand(opts *Options) *cobra.Command {
	return &cobra.Command{
		Use:   "migrate",
		Short: "Apply the pending migrations and print the database's migration level",
		Long: "Apply the migrations this courtier knows and the database lacks, then print its\n" +
			"level. `courtier serve` does it too when it starts; deployments that migrate\n" +
			"before rolling out new instances run this first.",
		Example: "  courtier db migrate --db postgres://courtier@db.internal/courtier",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return dbMigrateRun(cmd.Context(), opts.DB, cmd.OutOrStdout())
		},
	}
}

func dbMigrateRun(ctx context.Context, dsn string, out io.Writer) error {
	if err := dbExists(dsn); err != nil {
		return err
	}
	db, err := store.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	applied, err := db.Migrate(ctx)
	if err != nil {
		return err
	}
	level, err := db.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if known := latestMigration(db); level > known {
		_, err = fmt.Fprintf(out, "Base à la migration %d, plus récente que ce courtier (migration %d)\u00a0: rien appliqué.\n", level, known)
		return err
	}
	_, err = fmt.Fprintf(out, "Base à jour\u00a0: migration %d (%s).\n", level, appliedCount(applied))
	return err
}

// appliedCount says in French how many migrations were applied.
func appliedCount(n int) string {
	switch {
	case n == 0:
		return "aucune à appliquer"
	case n == 1:
		return "1 appliquée"
	}
	return fmt.Sprintf("%d appliquées", n)
}

// latestMigration is the level of the last migration this courtier knows
// for db's engine.
func latestMigration(db *store.DB) int {
	all, err := db.Migrations()
	if err != nil || len(all) == 0 {
		return 0
	}
	return all[len(all)-1].Version
}

// NewDBBackupCommand builds `courtier db backup PATH`.
func NewDBBackupCommand(opts *Options) *cobra.Command {
	return &cobra.Command{
		Use:   "backup PATH",
		Short: "Write a consistent copy of the SQLite database to PATH",
		Long: "Write a consistent copy of the SQLite database to PATH (VACUUM INTO), while\n" +
			"`courtier serve` keeps running. PATH must not exist. On PostgreSQL, use pg_dump.",
		Example: "  courtier db backup /var/backups/courtier-$(date +%F).db",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return dbBackupRun(cmd.Context(), opts.DB, args[0], cmd.OutOrStdout())
		},
	}
}

func dbBackupRun(ctx context.Context, dsn, path string, out io.Writer) error {
	if store.IsURL(dsn) {
		return apperr.Errorf(apperr.EINVALID, "Sur PostgreSQL, sauvegardez avec pg_dump\u00a0: %s", pgDumpLine(dsn, path))
	}
	if err := dbExists(dsn); err != nil {
		return err
	}
	db, err := store.Connect(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, path); errors.Is(err, store.ErrBackupExists) {
		return apperr.Errorf(apperr.ECONFLICT, "Le fichier %s existe déjà\u00a0: une sauvegarde n’écrase rien, choisissez un autre chemin.", path)
	} else if err != nil {
		return err
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(out, "Sauvegarde écrite dans %s (%s).\n", path, frenchSize(info.Size()))
	return err
}

// pgDumpLine is the pg_dump command that saves the database of dsn to
// path, its password left out. libpq refuses search_path in a URL, so the
// schema it names becomes --schema.
func pgDumpLine(dsn, path string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "pg_dump --format=custom --file=" + path + " URL"
	}
	schema := ""
	if q := u.Query(); q.Has("search_path") {
		schema = " --schema=" + q.Get("search_path")
		q.Del("search_path")
		u.RawQuery = q.Encode()
	}
	return fmt.Sprintf("pg_dump --format=custom%s --file=%s '%s' (pg_restore la restaure).", schema, path, u.Redacted())
}

// frenchSize writes n bytes as French readers do: 12 octets, 3,4 Ko, 1,2 Mo.
func frenchSize(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%d octets", n)
	case n < 1024*1024:
		return strings.Replace(fmt.Sprintf("%.1f Ko", float64(n)/1024), ".", ",", 1)
	case n < 1024*1024*1024:
		return strings.Replace(fmt.Sprintf("%.1f Mo", float64(n)/(1024*1024)), ".", ",", 1)
	}
	return strings.Replace(fmt.Sprintf("%.1f Go", float64(n)/(1024*1024*1024)), ".", ",", 1)
}

// progressRows is the size from which a table's copy is told as it goes;
// the table of counts tells the others at the end.
const progressRows = 10_000

// dbCopyOptions are the flags of `courtier db copy`.
type dbCopyOptions struct {
	From, To    string
	Out, ErrOut io.Writer
}

// NewDBCopyCommand builds `courtier db copy --from SRC --to DST`. It names
// both databases itself and leaves --db aside.
func NewDBCopyCommand() *cobra.Command {
	o := &dbCopyOptions{}
	cmd := &cobra.Command{
		Use:   "copy --from SRC --to DST",
		Short: "Copy every row of one database into a new, empty one (SQLite to PostgreSQL…)",
		Long: "Copy all the broker's data from SRC into DST, any engine to any engine, keeping\n" +
			"IDs, sessions and the session key, then print each table's row count on both\n" +
			"sides. DST is migrated first and must be empty: nothing but its migrations\n" +
			"written (courtier db migrate --db DST makes one). SRC must be at the level this\n" +
			"courtier knows. Stop `courtier serve` on SRC first: later writes are not copied.",
		Example: "  courtier db copy --from ./data/courtier.db --to postgres://courtier@db.internal/courtier",
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if o.From == o.To {
				return UsageError{errors.New("--from and --to name the same database")}
			}
			o.Out, o.ErrOut = cmd.OutOrStdout(), cmd.ErrOrStderr()
			return dbCopyRun(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.From, "from", "", "source database: a SQLite file path or a postgres:// URL (required)")
	cmd.Flags().StringVar(&o.To, "to", "", "target database, created and migrated if needed, empty (required)")
	cmd.MarkFlagRequired("from") //nolint:errcheck // the flags exist just above
	cmd.MarkFlagRequired("to")   //nolint:errcheck
	return cmd
}

func dbCopyRun(ctx context.Context, o *dbCopyOptions) error {
	if err := dbExists(o.From); err != nil {
		return err
	}
	src, err := store.Connect(ctx, o.From)
	if err != nil {
		return err
	}
	defer src.Close()
	// Checked before the target is made: a refusal leaves it untouched.
	level, err := src.SchemaVersion(ctx)
	if err != nil {
		return apperr.Errorf(apperr.EINVALID, "La source %s n’est pas une base de courtier (aucune migration enregistrée).", src.Path())
	}
	if known := latestMigration(src); level != known {
		return copyRefusal(&store.LevelError{Source: level, Target: known}, src.Path())
	}
	dst, err := store.Open(ctx, o.To)
	if err != nil {
		return err
	}
	defer dst.Close()
	counts, err := store.Copy(ctx, src, dst, func(table string, rows int64) {
		if rows >= progressRows {
			fmt.Fprintf(o.ErrOut, "copie de %s\u00a0: %s…\n", table, rowsText(rows))
		}
	})
	if counts != nil {
		if perr := printCounts(o.Out, counts); perr != nil {
			return perr
		}
	}
	return copyRefusal(err, src.Path())
}

// copyRefusal says in French what to do about a refused copy; other errors
// pass as they are.
func copyRefusal(err error, source string) error {
	var level *store.LevelError
	var full *store.NotEmptyError
	switch {
	case errors.As(err, &level) && level.Source < level.Target:
		return apperr.Errorf(apperr.ECONFLICT, "La source est à la migration %d, la cible à la migration %d\u00a0: mettez d’abord la source à jour (courtier db migrate --db %s), puis relancez la copie.",
			level.Source, level.Target, source)
	case errors.As(err, &level):
		return apperr.Errorf(apperr.ECONFLICT, "La source est à la migration %d, la cible à la migration %d\u00a0: faites la copie avec la version de courtier qui a migré la source.",
			level.Source, level.Target)
	case errors.As(err, &full):
		return apperr.Errorf(apperr.ECONFLICT, "La base cible n’est pas vide (%s)\u00a0: la copie se fait dans une base neuve, où seules ses migrations ont écrit\u00a0; rien n’y a été changé.",
			strings.Join(full.Tables, ", "))
	}
	return err
}

// printCounts writes the row counts of a copy as a table, the tables that
// differ marked, then the total.
func printCounts(out io.Writer, counts []store.TableCount) error {
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "TABLE\tSOURCE\tCIBLE")
	var total int64
	same := true
	for _, c := range counts {
		mark := ""
		if c.Source != c.Target {
			mark, same = "\t≠", false
		}
		total += c.Target
		fmt.Fprintf(tw, "%s\t%d\t%d%s\n", c.Table, c.Source, c.Target, mark)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if !same {
		return nil // the error that follows says which tables differ
	}
	_, err := fmt.Fprintf(out, "Copie terminée\u00a0: %s dans %d tables, autant de chaque côté.\n", rowsText(total), len(counts))
	return err
}

// rowsText says n rows in French (0 and 1 take the singular).
func rowsText(n int64) string {
	if n <= 1 {
		return fmt.Sprintf("%d ligne", n)
	}
	return fmt.Sprintf("%d lignes", n)
}
