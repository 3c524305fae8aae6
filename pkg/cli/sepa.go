package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"courtier/pkg/account"
	"courtier/pkg/app"
	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/pricing"
	"courtier/pkg/sepa"
)

// NewSepaCommand builds `courtier sepa`: the SEPA direct debits of the
// contracts, as the back office sends them to the bank.
func NewSepaCommand(opts *Options) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "sepa",
		Short: "The SEPA direct debits of the contracts: the files for the bank",
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
	}
	cmd.AddCommand(NewSepaExportCommand(opts, nil), NewSepaReturnsCommand(opts, nil))
	return cmd
}

// SepaExportOptions are the flags and streams of `courtier sepa export`.
type SepaExportOptions struct {
	*Options
	// Date is the due date of the debits, YYYY-MM-DD.
	Date string
	// Out is the file to write; "" for standard output.
	Out string
	// Again makes the latest file of that day again.
	Again bool
	// Stdout takes the XML without --out; Stderr the summary line then
	// (the XML alone goes down a pipe), Stdout with --out.
	Stdout, Stderr io.Writer
}

// NewSepaExportCommand builds `courtier sepa export`. runF replaces the
// run in tests of flag parsing.
func NewSepaExportCommand(opts *Options, runF func(context.Context, *SepaExportOptions) error) *cobra.Command {
	o := &SepaExportOptions{Options: opts}
	cmd := &cobra.Command{
		Use:   "export --date YYYY-MM-DD [--out FILE]",
		Short: "Write the pain.008 file of the debits due on a day, and mark them exported",
		Long: "Write the ISO 20022 pain.008.001.02 file (SEPA Core direct debits) of the debits due on\n" +
			"--date, of the signed contracts still covering (active, awaiting supporting documents, or\n" +
			"whose cancellation takes effect later), to standard output or to --out FILE. The debits are\n" +
			"marked exported in the same transaction as they are read, and each contract's history says so.\n\n" +
			"A second export of the same day writes no debit twice: when every debit of that day is\n" +
			"already exported it fails (exit 1) and says when the last file was made; debits scheduled\n" +
			"for that day since (a contract signed later) go in a new file, COURTIER-YYYYMMDD-2.\n" +
			"--again makes the latest file of that day again, identical (same message id, same time),\n" +
			"for a file lost before it reached the bank; a bank that already received it refuses it as\n" +
			"a duplicate, so no client is debited twice. The creditor is the company's (company.json \"sepa\").",
		Example: "  courtier sepa export --date 2026-03-10 --out prelevements-2026-03-10.xml\n" +
			"  courtier sepa export --date 2026-03-10 > remise.xml\n" +
			"  courtier sepa export --date 2026-03-10 --out remise.xml --again",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkDateFlag(o.Date); err != nil {
				return err
			}
			o.Stdout, o.Stderr = cmd.OutOrStdout(), cmd.ErrOrStderr()
			if runF != nil {
				return runF(cmd.Context(), o)
			}
			return sepaExportRun(cmd.Context(), o)
		},
	}
	cmd.Flags().StringVar(&o.Date, "date", "", "due date of the debits to export, YYYY-MM-DD")
	cmd.Flags().StringVar(&o.Out, "out", "", "file to write (standard output when not given)")
	cmd.Flags().BoolVar(&o.Again, "again", false, "make the latest file of that day again, for a lost file")
	_ = cmd.MarkFlagRequired("date")
	return cmd
}

// sepaExportRun exports the debits of o.Date as the server's operator.
// With --out the file is made empty first, so that a path that cannot be
// written fails before any debit is marked.
func sepaExportRun(ctx context.Context, o *SepaExportOptions) error {
	var tmp *os.File
	if o.Out != "" {
		var err error
		if tmp, err = os.CreateTemp(filepath.Dir(o.Out), "."+filepath.Base(o.Out)+".*"); err != nil {
			return apperr.Errorf(apperr.EINVALID, "Impossible d’écrire dans %s\u00a0: %s", filepath.Dir(o.Out), osReason(err))
		}
		defer os.Remove(tmp.Name())
		defer tmp.Close()
	}
	return withApp(ctx, o.Options, func(a *app.App) error {
		r, err := a.Contracts.Export(ctx, account.Operator, o.Date, o.Again)
		if apperr.CodeOf(err) == apperr.ECONFLICT {
			return apperr.Errorf(apperr.ECONFLICT, "%s Pour refaire un fichier perdu\u00a0: --again.", apperr.MessageOf(err))
		}
		if err != nil {
			return err
		}
		summary := fmt.Sprintf("%s\u00a0: %s, %s", r.MsgID, debitCount(r.Count), pricing.Euros(r.TotalCents))
		if tmp == nil {
			if _, err := o.Stdout.Write(r.XML); err != nil {
				return lostFile(err)
			}
			_, err = fmt.Fprintln(o.Stderr, summary+".")
			return err
		}
		if err := writeFile(tmp, r.XML, o.Out); err != nil {
			return lostFile(err)
		}
		_, err = fmt.Fprintf(o.Stdout, "%s, écrit dans %s.\n", summary, o.Out)
		return err
	})
}

// writeFile writes data to tmp, syncs it and renames it to path.
func writeFile(tmp *os.File, data []byte, path string) error {
	if _, err := tmp.Write(data); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// lostFile says that the debits are marked but the file did not land.
func lostFile(err error) error {
	return apperr.Errorf(apperr.EINTERNAL, "Le fichier n’a pas été écrit (%s) alors que les prélèvements sont marqués exportés\u00a0: refaites-le avec --again.", osReason(err))
}

// osReason is the reason of a file error without the path it repeats.
func osReason(err error) string {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err.Error()
	}
	return err.Error()
}

// debitCount is « 1 prélèvement », « 3 prélèvements ».
func debitCount(n int) string {
	if n > 1 {
		return fmt.Sprintf("%d\u00a0prélèvements", n)
	}
	return fmt.Sprintf("%d\u00a0prélèvement", n)
}

// SepaReturnsOptions are the argument and streams of `courtier sepa returns`.
type SepaReturnsOptions struct {
	*Options
	// File is the bank's return file.
	File   string
	Stdout io.Writer
}

// NewSepaReturnsCommand builds `courtier sepa returns FILE`. runF replaces
// the run in tests of argument parsing.
func NewSepaReturnsCommand(opts *Options, runF func(context.Context, *SepaReturnsOptions) error) *cobra.Command {
	o := &SepaReturnsOptions{Options: opts}
	cmd := &cobra.Command{
		Use:   "returns FILE",
		Short: "Record the bank's return file: the debits rejected or returned",
		Long: "Read the bank's return file, an ISO 20022 pain.002.001.03 payment status report or a\n" +
			"camt.054.001.02 notification, and record each debit it reports rejected or returned\n" +
			"(« Rejeté ») with its reason (AM04 provision insuffisante, AC04 compte clos, MD06\n" +
			"remboursement…), found by its end-to-end reference or, for a whole file or batch the bank\n" +
			"refused, by the file's message id. Each rejection is written in its contract's history and\n" +
			"opens a payment incident. A debit not returned counts as paid " + fmt.Sprint(contract.ReturnWindowDays) + " days after its due date.\n\n" +
			"All or nothing: a file that does not parse, or a return that names no debit sent (an\n" +
			"unknown reference, a debit never sent, another reason for a debit already rejected, an\n" +
			"amount below the debit's), fails (exit 1) with the line of the file on standard error, and\n" +
			"nothing of the file is recorded. The same file read twice records nothing new. What the file\n" +
			"reports accepted or credited changes nothing; a credit that is no debit of the broker (a\n" +
			"transfer received, in a camt.054) is counted as ignored.",
		Example: "  courtier sepa returns pain002-2026-03-12.xml",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			o.File, o.Stdout = args[0], cmd.OutOrStdout()
			if runF != nil {
				return runF(cmd.Context(), o)
			}
			return sepaReturnsRun(cmd.Context(), o)
		},
	}
	return cmd
}

// sepaReturnsRun reads o.File whole before anything is recorded, then
// records its returns as the server's operator in one transaction.
func sepaReturnsRun(ctx context.Context, o *SepaReturnsOptions) error {
	f, err := os.Open(o.File)
	if err != nil {
		return apperr.Errorf(apperr.EINVALID, "Impossible de lire %s\u00a0: %s", o.File, osReason(err))
	}
	defer f.Close()
	returns, err := sepa.ParseReturns(f)
	if err != nil {
		return inFile(o.File, err)
	}
	return withApp(ctx, o.Options, func(a *app.App) error {
		r, err := a.Contracts.RecordReturns(ctx, account.Operator, returns)
		if err != nil {
			return inFile(o.File, err)
		}
		_, err = fmt.Fprintln(o.Stdout, returnsSummary(r))
		return err
	})
}

// inFile names the file in a refusal of one of its lines: « retours.xml,
// ligne 12 : … ».
func inFile(path string, err error) error {
	if apperr.CodeOf(err) != apperr.EINVALID {
		return err
	}
	return apperr.Errorf(apperr.EINVALID, "%s, %s", filepath.Base(path), apperr.MessageOf(err))
}

// returnsSummary is the line a return file recorded prints: « 2 rejets
// enregistrés (56,80 €), 3 prélèvements acceptés par la banque. »
func returnsSummary(r *contract.ReturnsReport) string {
	head := "Aucun rejet nouveau"
	if r.Rejected > 0 {
		head = fmt.Sprintf("%s enregistré%s (%s)", rejectCount(r.Rejected), returnsPlural(r.Rejected), pricing.Euros(r.RejectedCents))
	}
	if r.Already > 0 {
		head += fmt.Sprintf(" (%s déjà enregistré%s)", rejectCount(r.Already), returnsPlural(r.Already))
	}
	if r.Accepted > 0 {
		head += fmt.Sprintf(", %s accepté%s par la banque", debitCount(r.Accepted), returnsPlural(r.Accepted))
	}
	if r.Ignored > 0 {
		head += fmt.Sprintf(", %d\u00a0opération%s sans prélèvement du courtier ignorée%[2]s", r.Ignored, returnsPlural(r.Ignored))
	}
	return head + "."
}

// rejectCount is « 1 rejet », « 3 rejets ».
func rejectCount(n int) string {
	return fmt.Sprintf("%d\u00a0rejet%s", n, returnsPlural(n))
}

// returnsPlural is the s of a plural.
func returnsPlural(n int) string {
	if n > 1 {
		return "s"
	}
	return ""
}

// checkDateFlag refuses a --date that is not a day written YYYY-MM-DD.
func checkDateFlag(date string) error {
	if _, err := time.Parse(time.DateOnly, date); err != nil {
		return apperr.Errorf(apperr.EINVALID, "Date invalide «\u00a0%s\u00a0»\u00a0: indiquez --date au format AAAA-MM-JJ, par exemple 2026-03-10.", date)
	}
	return nil
}
