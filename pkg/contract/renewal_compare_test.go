package contract_test

import (
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/event"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// keptCount is how many prices marie keeps in « Mes prix », and how many
// « prix gardés » e-mails were recorded.
func (f *fixture) keptCount(t *testing.T) (kept, mails int) {
	t.Helper()
	list, err := f.app.Prices.Mine(f.ctx, f.marie)
	if err != nil {
		t.Fatal(err)
	}
	err = f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(f.ctx, "SELECT COUNT(*) FROM events WHERE kind = ?", string(event.PricesKept)).Scan(&mails)
	})
	if err != nil {
		t.Fatal(err)
	}
	return len(list), mails
}

// TestRenewalCompare: the avis d'échéance links to a comparison priced
// once, kept in its client's « Mes prix »: the engine's prices of every
// insurer for the contract's answers and needs, ages counted to the
// anniversary; the contract's API, the e-mail's payload and a second
// tick give the same address.
func TestRenewalCompare(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	keptBefore, mailsBefore := f.keptCount(t)
	if f.tick(t, "2026-10-10")["notices"] != 1 {
		t.Fatal("no notice")
	}
	c = f.get(t, c.ID)
	if c.Renewal == nil || !strings.HasPrefix(c.Renewal.CompareURL, "/mes-prix?id=") {
		t.Fatalf("renewal %+v: no comparison", c.Renewal)
	}
	link := c.Renewal.CompareURL
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	q, err := f.app.Prices.Get(f.ctx, f.marie, u.Query().Get("id"))
	if err != nil {
		t.Fatalf("the comparison %s is not marie's: %v", link, err)
	}
	if q.KeptAt == nil || q.Product != c.Product || q.Answers.BirthDate != c.Risk.Answers.BirthDate || q.Answers.VehicleID != c.Risk.Answers.VehicleID {
		t.Fatalf("kept %v, product %s, answers %+v", q.KeptAt, q.Product, q.Answers)
	}
	// The engine's prices of the same answers on the anniversary, every
	// insurer's, with the bonus-malus of a year without claim (0,60 → 0,57).
	tariff, err := f.app.Prices.Tariff()
	if err != nil {
		t.Fatal(err)
	}
	res, err := tariff.Price(c.Product, *withBonus(c, 0.57).Risk.Answers, *c.Risk.Needs, pricing.DateOf(time.Date(2027, 3, 10, 0, 0, 0, 0, time.UTC)))
	if err != nil {
		t.Fatal(err)
	}
	key := func(p pricing.Price) string {
		return fmt.Sprintf("%s/%s/%d/%d", p.InsurerID, p.FormulaID, p.YearlyCents, p.MonthlyCents)
	}
	var want, got []string
	insurers := map[string]bool{}
	for _, p := range res.Prices {
		want, insurers[p.InsurerID] = append(want, key(p)), true
	}
	for _, p := range q.Prices {
		got = append(got, key(p))
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) || len(insurers) < 2 {
		t.Fatalf("comparison %v, the engine's prices at the anniversary %v (%d insurers)", got, want, len(insurers))
	}
	// The avis's own price is among them.
	if !slices.ContainsFunc(q.Prices, func(p pricing.Price) bool {
		return p.FormulaID == c.Risk.FormulaID && p.InsurerID == c.Risk.InsurerID && p.YearlyCents == c.Renewal.YearlyCents
	}) {
		t.Errorf("the renewal's price %d is not in the comparison", c.Renewal.YearlyCents)
	}
	if ps := f.payloads(t, c.ID, event.ContractNoticeSent); len(ps) != 1 || ps[0].CompareURL != link {
		t.Fatalf("notice payloads %+v, want the link %s", ps, link)
	}
	kept, mails := f.keptCount(t)
	if kept != keptBefore+1 || mails != mailsBefore {
		t.Fatalf("kept %d → %d, « prix gardés » e-mails %d → %d: want one kept price and no e-mail of its own", keptBefore, kept, mailsBefore, mails)
	}
	// Ticks run again: the same link, no second pricing.
	for _, day := range []string{"2026-10-10", "2026-10-11", "2027-01-01"} {
		f.tick(t, day)
	}
	if again := f.get(t, c.ID); again.Renewal == nil || again.Renewal.CompareURL != link {
		t.Fatalf("after more ticks: %+v, want %s", again.Renewal, link)
	}
	if k, _ := f.keptCount(t); k != kept {
		t.Fatalf("%d kept prices after more ticks, want %d", k, kept)
	}
	// Renewed, the avis is past: no comparison in the API any more.
	f.tick(t, "2027-03-10")
	if c = f.get(t, c.ID); c.Renewal != nil {
		t.Fatalf("renewed, still a renewal %+v", c.Renewal)
	}
}

// TestRenewalCompareRecorded: a comparison recorded before the avis (a
// tick that priced, then failed to send) is the one the avis links to,
// and nothing is priced again.
func TestRenewalCompareRecorded(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	err := f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error {
		_, err := tx.ExecContext(f.ctx, "UPDATE contract_periods SET compare_url = ? WHERE contract_id = ?", "/mes-prix?id=DEJA", c.ID)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	kept, _ := f.keptCount(t)
	if f.tick(t, "2026-10-10")["notices"] != 1 {
		t.Fatal("no notice")
	}
	if c = f.get(t, c.ID); c.Renewal == nil || c.Renewal.CompareURL != "/mes-prix?id=DEJA" {
		t.Fatalf("renewal %+v", c.Renewal)
	}
	if k, _ := f.keptCount(t); k != kept {
		t.Fatalf("priced again: %d kept prices, want %d", k, kept)
	}
}

// TestRenewalCompareFails: a risk the engine no longer prices (its vehicle
// gone from the catalogue) still gets its avis, at the same premium, with
// no comparison and none kept.
func TestRenewalCompareFails(t *testing.T) {
	f := newFixture(t)
	c := f.sign(t, f.draft(t))
	err := f.app.Store.WriteTx(f.ctx, func(tx *store.Tx) error {
		res, err := tx.ExecContext(f.ctx, "UPDATE contracts SET risk = REPLACE(risk, ?, ?) WHERE id = ?",
			`"vehicleId":"peugeot-208-12-puretech-100"`, `"vehicleId":"vehicule-disparu"`, c.ID)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("risk not changed: %d, %v", n, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	kept, _ := f.keptCount(t)
	if f.tick(t, "2026-10-10")["notices"] != 1 {
		t.Fatal("no notice")
	}
	c = f.get(t, c.ID)
	if c.Renewal == nil || c.Renewal.CompareURL != "" || c.Renewal.YearlyCents != c.YearlyCents {
		t.Fatalf("renewal %+v", c.Renewal)
	}
	if ps := f.payloads(t, c.ID, event.ContractNoticeSent); len(ps) != 1 || ps[0].CompareURL != "" {
		t.Fatalf("notice payloads %+v", ps)
	}
	if k, _ := f.keptCount(t); k != kept {
		t.Fatalf("%d kept prices, want %d", k, kept)
	}
}
