package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"courtier/pkg/company"
	"courtier/pkg/fr"
	"courtier/pkg/pricing"
)

// PricesOptions are the flags and streams of `courtier prices`.
type PricesOptions struct {
	Product string
	JSON    bool
	// Date is the day of the quotes, YYYY-MM-DD; empty for today in Paris.
	Date string
	In   io.Reader
	Out  io.Writer
}

// NewPricesCommand builds `courtier prices` and `courtier prices check`.
// It needs no database: the tariff and the catalogue are embedded.
// runF replaces the run in tests of flag parsing.
func NewPricesCommand(runF func(*PricesOptions) error) *cobra.Command {
	po := &PricesOptions{}
	cmd := &cobra.Command{
		Use:   "prices",
		Short: "Price profiles read on standard input with the embedded rating file",
		Long: "Reads one profile per line on standard input, as JSON: the answers of the\n" +
			"price form ({\"birthDate\":…}), or {\"product\":\"home\",\"answers\":{…},\"needs\":{…}},\n" +
			"and prints each insurer's price per formula with the trace of every step, and\n" +
			"the recommended formula. With --json, one line per profile, the API's answer.\n" +
			"A bad line stops with its reason on standard error (exit code 1).\n" +
			"Keys of each product: docs/pricing.md. Nothing is stored.",
		Example: "  echo '{\"birthDate\":\"1981-05-10\",\"licenceDate\":\"2001-06-01\",\"bonusMalus\":0.6,\"postalCode\":\"69002\",\n" +
			"    \"vehicleId\":\"peugeot-208-12-puretech-100\",\"usage\":\"commute\",\"parking\":\"street\",\"yearlyKm\":12000,\"claims36\":0}' | courtier prices\n" +
			"  courtier prices --product home --json < profiles.jsonl\n" +
			"  courtier prices check rates.json",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if po.Date != "" {
				if _, ok := pricing.ParseDate(po.Date); !ok {
					return UsageError{fmt.Errorf("invalid --date %q: use YYYY-MM-DD", po.Date)}
				}
			}
			po.In, po.Out = cmd.InOrStdin(), cmd.OutOrStdout()
			if runF != nil {
				return runF(po)
			}
			return pricesRun(po)
		},
	}
	cmd.Flags().StringVar(&po.Product, "product", "car", "product of the lines that do not name one: car, moto, home, vtc, temp")
	cmd.Flags().BoolVar(&po.JSON, "json", false, `print one JSON line per profile: {"prices","recommended","validUntil",…}`)
	cmd.Flags().StringVar(&po.Date, "date", "", "price as on this day (YYYY-MM-DD) instead of today")
	cmd.AddCommand(newPricesCheckCommand())
	return cmd
}

// profileLine is a line of input that names its product and needs.
type profileLine struct {
	Product string          `json:"product"`
	Answers json.RawMessage `json:"answers"`
	Needs   pricing.Needs   `json:"needs"`
}

func pricesRun(o *PricesOptions) error {
	tariff, err := pricing.Default()
	if err != nil {
		return err
	}
	today, err := quoteDay(o.Date)
	if err != nil {
		return err
	}
	in := bufio.NewReader(o.In)
	for n := 1; ; n++ {
		line, readErr := in.ReadString('\n')
		if strings.TrimSpace(line) != "" {
			if err := priceLine(tariff, o, today, line); err != nil {
				return fmt.Errorf("ligne %d\u00a0: %w", n, err)
			}
		}
		if errors.Is(readErr, io.EOF) {
			return nil
		}
		if readErr != nil {
			return fmt.Errorf("lecture de l’entrée standard\u00a0: %w", readErr)
		}
	}
}

// quoteDay is the day of --date, or today in Paris.
func quoteDay(date string) (pricing.Date, error) {
	if d, ok := pricing.ParseDate(date); ok {
		return d, nil
	}
	loc, err := time.LoadLocation(company.Zone)
	if err != nil {
		return pricing.Date{}, fmt.Errorf("fuseau %s\u00a0: %w", company.Zone, err)
	}
	return pricing.DateOf(time.Now().In(loc)), nil
}

// priceLine prices one line and prints it.
func priceLine(t *pricing.Tariff, o *PricesOptions, today pricing.Date, line string) error {
	product, answers, needs, err := parseProfile(line, o.Product)
	if err != nil {
		return err
	}
	res, err := t.Price(product, answers, needs, today)
	if err != nil {
		return err
	}
	if o.JSON {
		enc := json.NewEncoder(o.Out)
		enc.SetEscapeHTML(false)
		return enc.Encode(res)
	}
	return printPrices(o.Out, t, res)
}

// parseProfile reads a line: the answers alone, or with the product and
// the needs. Unknown keys are refused, as the API refuses them.
func parseProfile(line, product string) (string, pricing.Answers, pricing.Needs, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal([]byte(line), &keys); err != nil {
		return "", pricing.Answers{}, pricing.Needs{}, errors.New("la ligne n’est pas un objet JSON valide")
	}
	raw := []byte(line)
	var needs pricing.Needs
	if _, ok := keys["answers"]; ok {
		var p profileLine
		if err := strictJSON([]byte(line), &p); err != nil {
			return "", pricing.Answers{}, needs, err
		}
		if p.Product != "" {
			product = p.Product
		}
		raw, needs = p.Answers, p.Needs
	}
	var a pricing.Answers
	if err := strictJSON(raw, &a); err != nil {
		return "", a, needs, err
	}
	return product, a, needs, nil
}

// strictJSON decodes one object, refusing unknown keys and wrong types
// with a French reason.
func strictJSON(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	var typeErr *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &typeErr):
		return fmt.Errorf("%s\u00a0: ce champ n’a pas le bon type", typeErr.Field)
	case strings.HasPrefix(err.Error(), "json: unknown field "):
		return fmt.Errorf("champ inconnu %s", strings.TrimPrefix(err.Error(), "json: unknown field "))
	}
	return errors.New("la ligne n’est pas un objet JSON valide")
}

// printPrices writes a result for people: the table of prices, the
// recommendation, then each price's trace.
func printPrices(w io.Writer, t *pricing.Tariff, res *pricing.Result) error {
	until, _ := pricing.ParseDate(res.ValidUntil)
	day := time.Date(until.Year, until.Month, until.Day, 12, 0, 0, 0, time.UTC)
	fmt.Fprintf(w, "Tarif %s, prix valables jusqu’au %s. %s\n\n", res.TariffVersion, fr.Date(day, time.UTC), res.Disclaimer)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Assureur\tFormule\tPar an TTC\tPar mois\tdont taxes\tFranchise")
	for _, p := range res.Prices {
		monthly := pricing.Euros(p.MonthlyCents)
		if p.MonthlyCents == 0 {
			monthly = "–"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\n", p.Insurer, p.Formula, pricing.Euros(p.YearlyCents), monthly,
			pricing.Euros(p.TaxesCents), pricing.Euros(p.DeductibleCents))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if res.Recommended != nil {
		fmt.Fprintf(w, "\n%s\n", res.Recommended.Reason)
	}
	for _, note := range res.Notes {
		fmt.Fprintln(w, note)
	}
	fmt.Fprintln(w, "\nPourquoi ce prix\u00a0?")
	for _, p := range res.Prices {
		fmt.Fprintf(w, "\n%s, %s\n", p.Insurer, p.Formula)
		for _, line := range p.Trace {
			fmt.Fprintf(w, "  %s\n", line)
		}
	}
	_, err := fmt.Fprintln(w)
	return err
}

// newPricesCheckCommand builds `courtier prices check FILE`.
func newPricesCheckCommand() *cobra.Command {
	return &cobra.Command{
		Use:     "check FILE",
		Short:   "Check a rating file before it is deployed",
		Long:    "Loads a rating file as the server does at start and prints its version and\nsize, or the first fault with its line (exit code 1).",
		Example: "  courtier prices check pkg/pricing/rates.json",
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			data, err := os.ReadFile(args[0])
			if err != nil {
				return fmt.Errorf("lecture de %s\u00a0: %w", args[0], err)
			}
			name := filepath.Base(args[0])
			t, err := pricing.LoadNamed(name, data)
			if err != nil {
				return err
			}
			s := t.Summary()
			_, err = fmt.Fprintf(cmd.OutOrStdout(), "%s valide\u00a0: version %s, %d produits, %d formules, %d assureurs\n",
				name, s.Version, s.Products, s.Formulas, s.Insurers)
			return err
		},
	}
}
