package contract_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
	"courtier/pkg/contract"
	"courtier/pkg/contract/contracttest"
	"courtier/pkg/event"
	"courtier/pkg/instant"
	"courtier/pkg/pricing"
	"courtier/pkg/store"
)

// onlineAsks are a priced profile of each product subscribed online.
var onlineAsks = map[string]instant.Ask{
	"car": carAsk(),
	"moto": {Product: "moto", Answers: pricing.Answers{BirthDate: "1986-03-02", LicenceDate: "2011-03-02", MotoLicence: "A", BonusMalus: 0.6,
		PostalCode: "45000", VehicleID: "yamaha-mt-07", VehicleYear: 2022, Usage: "private", Parking: "garage", YearlyKm: 6000}},
	"home": {Product: "home", Answers: pricing.Answers{PostalCode: "69002", Dwelling: "apartment", Surface: 50, Rooms: 2, Floor: "middle",
		Occupant: "tenant", ContentsCents: 1500000}},
	"vtc": {Product: "vtc", Answers: pricing.Answers{BirthDate: "1986-03-02", LicenceDate: "2011-03-02", BonusMalus: 0.6, PostalCode: "45000",
		VehicleID: "toyota-corolla-hybride-140", VehicleYear: 2023, Parking: "car-park", YearlyKm: 40000}},
	"temp": {Product: "temp", Answers: pricing.Answers{BirthDate: "1981-03-02", LicenceDate: "2001-03-02", PostalCode: "69002",
		VehicleID: "peugeot-208-12-puretech-100", VehicleYear: 2019, Days: 7}},
}

// subscribe makes marie's contract of product starting on start.
func (f *fixture) subscribe(t *testing.T, product, start string) (*contract.Contract, error) {
	t.Helper()
	d := details()
	if product == "home" {
		d.Registration = nil
	}
	return f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, onlineAsks[product]), StartDate: start, Details: d})
}

// signedPayload is the payload of the last « contrat signé » event.
func (f *fixture) signedPayload(t *testing.T) event.ContractPayload {
	t.Helper()
	var body string
	err := f.app.Store.ReadTx(f.ctx, func(tx *store.Tx) error {
		return tx.QueryRowContext(f.ctx, "SELECT payload FROM events WHERE kind = 'contract.signed' ORDER BY id DESC LIMIT 1").Scan(&body)
	})
	if err != nil {
		t.Fatal(err)
	}
	var p event.ContractPayload
	if err := json.Unmarshal([]byte(body), &p); err != nil {
		t.Fatal(err)
	}
	return p
}

func kinds(docs []contract.Document) []string {
	out := []string{}
	for _, d := range docs {
		if !slices.Contains(out, d.Kind) {
			out = append(out, d.Kind)
		}
	}
	slices.Sort(out)
	return out
}

// Every product subscribed online gets its proof of insurance at the
// signature: the Mémo for a car, a motorbike and a VTC (with its
// certificate), an attestation for a home and a temporary contract; the
// signature mail's event carries them with the other documents.
func TestAttestationPerProduct(t *testing.T) {
	cases := []struct {
		product string
		proofs  []string // the kinds of proof of insurance
		letter  bool
		words   []string // what the proof says
	}{
		{"car", []string{"memo"}, true, []string{"Mémo Véhicule Assuré", "AB-123-CD"}},
		{"moto", []string{"memo"}, true, []string{"Mémo Véhicule Assuré", "Deux-roues motorisé"}},
		{"vtc", []string{"memo", "vtc"}, true, []string{"Mémo Véhicule Assuré"}},
		{"home", []string{"attestation"}, true, []string{"Attestation d’assurance habitation", "12 rue des Lilas, 69002 Lyon",
			"Marie DURAND", "Risques locatifs", "Responsabilité civile vie privée", "Du 10 mars 2026 au 9 mars 2027 inclus"}},
		{"temp", []string{"attestation"}, false, []string{"Attestation d’assurance temporaire", "AB-123-CD",
			"10 mars 2026 à 00:00", "17 mars 2026 à 00:00"}},
	}
	for _, tc := range cases {
		t.Run(tc.product, func(t *testing.T) {
			f := newFixture(t)
			c, err := f.subscribe(t, tc.product, "2026-03-10")
			if err != nil {
				t.Fatal(err)
			}
			if got := slices.Contains(kinds(c.Documents), contract.DocLetter); got != tc.letter {
				t.Errorf("withdrawal letter to read %v, want %v", got, tc.letter)
			}
			c = f.sign(t, c)
			for _, k := range tc.proofs {
				if !slices.Contains(kinds(c.Documents), k) {
					t.Fatalf("documents %v lack %s", kinds(c.Documents), k)
				}
			}
			if tc.product != "car" && tc.product != "moto" && tc.product != "vtc" && slices.Contains(kinds(c.Documents), contract.DocMemo) {
				t.Errorf("a %s contract has a Mémo: %v", tc.product, kinds(c.Documents))
			}
			pdf, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, tc.proofs[0], false).ID)
			if err != nil {
				t.Fatal(err)
			}
			text := pdfText(t, pdf.Data)
			for _, w := range tc.words {
				if !strings.Contains(text, w) {
					t.Errorf("%s lacks %q:\n%s", tc.proofs[0], w, text)
				}
			}
			p := f.signedPayload(t)
			var got []string
			for _, a := range p.Attachments {
				got = append(got, strings.SplitN(a.Name, "-"+c.Number, 2)[0])
				if a.MIME != "application/pdf" || len(a.SHA256) != 64 || a.Size < 1000 || !strings.HasPrefix(a.Path, "/api/contracts/"+c.ID+"/documents/") {
					t.Errorf("attachment %+v", a)
				}
			}
			want := []string{"conditions-particulieres", "fiche-conseil", "fiche-ipid", "mandat-sepa"}
			if tc.letter {
				want = append(want, "lettre-de-renonciation")
			}
			want = append(want, "fichier-de-preuve")
			for _, k := range tc.proofs {
				want = append(want, map[string]string{"memo": "memo-vehicule-assure", "vtc": "attestation-vtc", "attestation": "attestation-assurance"}[k])
			}
			if !slices.Equal(got, want) {
				t.Errorf("attachments %v, want %v", got, want)
			}
			if p.NoWithdrawal == tc.letter {
				t.Errorf("noWithdrawal %v for a contract with letter %v", p.NoWithdrawal, tc.letter)
			}
		})
	}
}

// A temporary contract may start on the day it is signed, from the next
// full hour; it has no withdrawal period under a month, no letter, no
// loi Hamon; its conditions say so. A yearly one still starts tomorrow.
func TestTemporaryToday(t *testing.T) {
	f := newFixture(t) // Monday 2 March 2026, 10:00 in Paris
	if _, err := f.subscribe(t, "car", "2026-03-02"); err == nil {
		t.Fatal("a car contract starting today was accepted")
	}
	_, err := f.subscribe(t, "temp", "2026-03-01")
	wantErr(t, err, apperr.EINVALID, "startDate")

	c, err := f.subscribe(t, "temp", "2026-03-02")
	if err != nil {
		t.Fatal(err)
	}
	sw := contract.Details{Switch: &contract.Switch{Insurer: "Assureur Ancien", PolicyNumber: "A-1"}}
	_, err = f.app.Contracts.Update(f.ctx, f.marie, c.ID, sw, "")
	wantErr(t, err, apperr.EINVALID, "switch")

	f.clock.Advance(25 * 60e9) // 10:25: the cover starts at 11:00
	c = f.sign(t, c)
	if c.Risk.StartHour != 11 || c.WithdrawUntil != "" || slices.Contains(c.Actions, "withdraw") {
		t.Errorf("start hour %d, withdraw until %q, actions %v", c.Risk.StartHour, c.WithdrawUntil, c.Actions)
	}
	if slices.Contains(kinds(c.Documents), contract.DocLetter) {
		t.Errorf("a 7-day contract has a withdrawal letter: %v", kinds(c.Documents))
	}
	_, err = f.app.Contracts.Withdraw(f.ctx, f.marie, c.ID)
	wantErr(t, err, apperr.ECONFLICT, "")

	att, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, contract.DocAttestation, false).ID)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, att.Data); !strings.Contains(text, "Du 2 mars 2026 à 11:00") || !strings.Contains(text, "Au 9 mars 2026 à 11:00") {
		t.Errorf("attestation:\n%s", text)
	}
	cond, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, contract.DocConditions, true).ID)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, cond.Data)
	for _, w := range []string{"Date d’effet 2 mars 2026 à 11:00", "Fin du contrat 9 mars 2026 à 11:00", "n’ouvre pas le délai de renonciation",
		"loi Hamon (article L113-15-2 du Code des assurances), qui vise les contrats reconduits chaque année, ne le concerne pas"} {
		if !strings.Contains(text, w) {
			t.Errorf("conditions lack %q:\n%s", w, text)
		}
	}
	if strings.Contains(text, "Échéance annuelle") || strings.Contains(text, "modèle de lettre joint") {
		t.Errorf("a temporary contract's conditions speak of a year or a letter:\n%s", text)
	}
	if p := f.signedPayload(t); !p.NoWithdrawal || !p.Date.IsZero() {
		t.Errorf("signed event: noWithdrawal %v, provisional date %v", p.NoWithdrawal, p.Date)
	}
}

// A temporary contract of two months keeps the withdrawal period.
func TestTemporaryOverAMonth(t *testing.T) {
	f := newFixture(t)
	ask := onlineAsks["temp"]
	ask.Answers.Days = 60
	c, err := f.app.Contracts.Create(f.ctx, f.marie, contract.Draft{PriceID: f.keptPrice(t, f.marie, ask), StartDate: "2026-03-03", Details: details()})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(kinds(c.Documents), contract.DocLetter) {
		t.Errorf("a 60-day contract lacks its withdrawal letter: %v", kinds(c.Documents))
	}
	c = f.sign(t, c)
	if c.WithdrawUntil == "" || !slices.Contains(c.Actions, "withdraw") {
		t.Errorf("withdraw until %q, actions %v", c.WithdrawUntil, c.Actions)
	}
}

// A temporary contract signed the day before its start covers from
// midnight: the attestation issued again when its supporting documents
// are accepted, on the start day, keeps that hour.
func TestTemporaryActivatedOnItsStartDay(t *testing.T) {
	f := newFixture(t)
	c, err := f.subscribe(t, "temp", "2026-03-03")
	if err != nil {
		t.Fatal(err)
	}
	c = f.sign(t, c)
	f.clock.Advance(29 * time.Hour) // 3 March, 15:00 in Paris
	for _, k := range contract.ProofKinds("temp") {
		contracttest.SendProof(t, f.app, f.marie, c.ID, k)
		if c, err = f.app.Contracts.ReviewProof(f.ctx, f.agent, c.ID, k, contract.Review{Accept: true}); err != nil {
			t.Fatal(err)
		}
	}
	if c.Status != contract.StatusActive {
		t.Fatalf("status %s", c.Status)
	}
	att, _, err := f.app.Contracts.File(f.ctx, f.marie, c.ID, "documents", doc(t, c, contract.DocAttestation, false).ID)
	if err != nil {
		t.Fatal(err)
	}
	if text := pdfText(t, att.Data); !strings.Contains(text, "Du 3 mars 2026 à 00:00") || !strings.Contains(text, "Au 10 mars 2026 à 00:00") {
		t.Errorf("attestation:\n%s", text)
	}
}
