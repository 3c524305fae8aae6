package document

import (
	"strings"
	"testing"
	"time"
)

// amendmentInput is Chloé's second avenant: another car from 15 September
// 2026, in the period from 1 June 2026 to 1 June 2027 (259 days of 365
// left), the premium up by 77,44 €, so 54,95 € due.
func amendmentInput() AmendmentInput {
	return AmendmentInput{
		Contract: "HC-2026-000123", Number: 2, Issued: time.Date(2026, 9, 10, 14, 5, 0, 0, time.UTC),
		Object: "Changement de véhicule", Insurer: "Assureur Alpha", Formula: "Tous risques Confort", Holder: chloe,
		Changes: []Change{{"Véhicule", "Renault Clio V TCe 90 Evolution", "Peugeot 208 PureTech 100 Allure"},
			{"Immatriculation", "GH-512-KT", "HK-208-PA"}, {"Conducteur secondaire", "", "Marc Lefèvre"}},
		Effective:           time.Date(2026, 9, 14, 22, 0, 0, 0, time.UTC), // 15 September, midnight in Paris
		PeriodEnd:           time.Date(2027, 5, 31, 22, 0, 0, 0, time.UTC), // 1 June 2027
		PreviousYearlyCents: 123456,
		Premium: Premium{YearlyCents: 131200, TaxesCents: 37210, MonthlyCents: 10933,
			Rhythm: "Mensuel, par prélèvement SEPA le 5 de chaque mois"},
		AdjustmentCents: 5495,
		Settlement:      "ajouté au prélèvement du 5 octobre 2026",
	}
}

func TestAmendment(t *testing.T) {
	r := newTestRenderer(t)
	cases := []struct {
		name    string
		change  func(in *AmendmentInput)
		want    []string
		notWant []string
	}{
		{"a change that costs more", func(*AmendmentInput) {}, []string{
			"Avenant n° 2 au contrat n° HC-2026-000123", "Changement de véhicule", "article L112-3",
			"Elles prennent effet le 15 septembre 2026 à 0 h", "Horizon Courtage", "Assureur Alpha",
			"Ce qui change", "Avant", "À compter du 15 septembre 2026",
			"Véhicule Renault Clio V TCe 90 Evolution Peugeot 208 PureTech 100 Allure", "GH-512-KT HK-208-PA",
			"Conducteur secondaire — Marc Lefèvre",
			"Prime annuelle toutes taxes comprises avant l’avenant 1 234,56 €", "1 312,00 €", "372,10 €", "109,33 €",
			"Reste à payer pour la période du 15 septembre 2026 au 31 mai 2027 : 54,95 €",
			"(+77,44 €)", "jusqu’à l’échéance du 1er juin 2027", "ajouté au prélèvement du 5 octobre 2026",
			"Le souscripteur, Chloé Lefèvre-Dœuf", "Lu et approuvé, à signer", "Pour Assureur Alpha, par délégation",
			"le 10 septembre 2026", "Page 1 sur"},
			[]string{"rembourser", "Signé électroniquement"}},
		{"a change refunded", func(in *AmendmentInput) {
			in.Number, in.Object = 1, "Changement de formule"
			in.Changes = []Change{{"Formule", "Tous risques Confort", "Tiers Plus"}}
			in.Formula, in.Premium.YearlyCents, in.AdjustmentCents = "Tiers Plus", 65432, -41172
		}, []string{"Avenant n° 1 au contrat", "Changement de formule", "Tiers Plus",
			"À vous rembourser pour la période du 15 septembre 2026 au 31 mai 2027 : 411,72 €", "(-580,24 €)"},
			[]string{"Reste à payer"}},
		{"a new bank account, the premium unchanged", func(in *AmendmentInput) {
			in.Object = "Changement de compte bancaire"
			in.Changes = []Change{{"Compte prélevé", "FR76 3000 6000 0112 3456 7890 189", "FR76 3000 4008 2000 0123 4560 104"}}
			in.Premium = Premium{YearlyCents: 123456, TaxesCents: 35012, MonthlyCents: 10288, Rhythm: in.Premium.Rhythm}
			in.PreviousYearlyCents, in.AdjustmentCents, in.Settlement = 123456, 0, ""
		}, []string{"Prime annuelle toutes taxes comprises, inchangée 1 234,56 €", "350,12 €", "102,88 €",
			"Aucun ajustement de cotisation pour la période du 15 septembre 2026 au 31 mai 2027."},
			[]string{"avant l’avenant", "Reste à payer", "rembourser", "prorata", "Règlement"}},
		{"signed", func(in *AmendmentInput) { in.SignedAt = time.Date(2026, 9, 10, 14, 9, 31, 0, time.UTC) },
			[]string{"Signé électroniquement le 10 septembre 2026 à 16:09:31"}, []string{"Lu et approuvé"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := amendmentInput()
			c.change(&in)
			d, err := r.Amendment(in)
			if err != nil {
				t.Fatal(err)
			}
			pdf, err := d.PDF()
			if err != nil {
				t.Fatal(err)
			}
			saveSample(t, "avenant-"+strings.NewReplacer(" ", "-", ",", "").Replace(c.name), pdf)
			got := text(t, pdf)
			for _, w := range c.want {
				if !strings.Contains(got, oneSpace(w)) {
					t.Errorf("%q missing from the text:\n%s", w, got)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(got, oneSpace(w)) {
					t.Errorf("%q in the text:\n%s", w, got)
				}
			}
		})
	}
}

func TestAmendmentRefuses(t *testing.T) {
	r := newTestRenderer(t)
	cases := []struct {
		name   string
		change func(in *AmendmentInput)
		want   string
	}{
		{"no contract", func(in *AmendmentInput) { in.Contract = "" }, "missing contract"},
		{"no object", func(in *AmendmentInput) { in.Object = " " }, "missing object"},
		{"no rank", func(in *AmendmentInput) { in.Number = 0 }, "number 0"},
		{"no issue time", func(in *AmendmentInput) { in.Issued = time.Time{} }, "issue time"},
		{"no effective date", func(in *AmendmentInput) { in.Effective = time.Time{} }, "effective date"},
		{"effective at the period's end", func(in *AmendmentInput) { in.Effective = in.PeriodEnd }, "not before the period's end"},
		{"no change", func(in *AmendmentInput) { in.Changes = nil }, "no change"},
		{"a change that changes nothing", func(in *AmendmentInput) { in.Changes[1].After = in.Changes[1].Before },
			`change "Immatriculation" from "GH-512-KT" to "GH-512-KT" changes nothing`},
	}
	for _, c := range cases {
		in := amendmentInput()
		c.change(&in)
		if d, err := r.Amendment(in); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, %v; want an error with %q", c.name, d, err, c.want)
		}
	}
}

// TestSignedAmendment follows the caller as for the conditions: render,
// hash, sign, render again signed with the signature page, seal; and the
// same input gives the same bytes, so its hash identifies it.
func TestSignedAmendment(t *testing.T) {
	r := newTestRenderer(t)
	in := amendmentInput()
	d, err := r.Amendment(in)
	if err != nil {
		t.Fatal(err)
	}
	shown, err := d.PDF()
	if err != nil {
		t.Fatal(err)
	}
	again, err := r.Amendment(in)
	if err != nil {
		t.Fatal(err)
	}
	if pdf, err := again.PDF(); err != nil || Digest(pdf) != Digest(shown) {
		t.Fatalf("two renderings differ (%v)", err)
	}
	if d.Title() != AmendmentTitle(2, "HC-2026-000123") {
		t.Fatalf("title %q", d.Title())
	}
	e := evidence(SignedDocument{AmendmentTitle(2, in.Contract), Digest(shown)}, SignedDocument{"Conditions particulières", Digest(shown)})
	e.SignedAt = time.Date(2026, 9, 10, 14, 9, 31, 0, time.UTC)
	in.SignedAt = e.SignedAt
	if d, err = r.Amendment(in); err != nil {
		t.Fatal(err)
	}
	if err := d.AddSignaturePage(e); err != nil {
		t.Fatal(err)
	}
	signed, err := d.PDF()
	if err != nil {
		t.Fatal(err)
	}
	s, certPEM := newTestSealer(t)
	sealed, err := s.Seal(signed, "Avenant signé électroniquement", e.SignedAt.Add(time.Second))
	if err != nil {
		t.Fatal(err)
	}
	saveSample(t, "avenant-signe", sealed)
	if err := Verify(sealed, certPEM); err != nil {
		t.Fatal(err)
	}
	if v := pdfsig(t, sealed); !strings.Contains(v, "Signature is Valid") {
		t.Errorf("pdfsig: %s", v)
	}
	got := text(t, sealed)
	for _, w := range []string{"Signé électroniquement le 10 septembre 2026 à 16:09:31", "Signature électronique",
		"signé électroniquement par Chloé Lefèvre-Dœuf", Digest(shown), "SIG-2026-000042",
		oneSpace("Avenant n° 2 au contrat n° HC-2026-000123 – Contrat n° HC-2026-000123")} {
		if !strings.Contains(got, w) {
			t.Errorf("%q missing from the signed avenant:\n%s", w, got)
		}
	}
}
