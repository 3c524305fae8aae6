package document

import (
	"testing"
	"time"

	"courtier/pkg/company"
)

var (
	issued = time.Date(2026, 5, 4, 8, 30, 0, 0, time.UTC)  // 10:30 in Paris
	start  = time.Date(2026, 5, 31, 22, 0, 0, 0, time.UTC) // 1 June, midnight in Paris
)

func newTestRenderer(t testing.TB) *Renderer {
	t.Helper()
	p, err := company.Default()
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRenderer(BrokerFromProfile(p), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

var chloe = Person{Name: "Chloé Lefèvre-Dœuf", Address: "12 avenue de l’Œuvre, 75011 Paris",
	BirthDate: time.Date(1990, 3, 14, 0, 0, 0, 0, time.UTC), Email: "chloe.lefevre@example.com"}

var clio = Vehicle{Kind: "Voiture", Make: "Renault", Model: "Clio", Version: "V TCe 90 Evolution", Registration: "GH-512-KT"}

func adviceInput() AdviceInput {
	return AdviceInput{
		Reference: "DEV-2026-004211", Issued: issued, Client: chloe, Product: "Assurance auto",
		Needs: []Field{{"Véhicule", "Renault Clio V TCe 90, 2023"}, {"Usage", "Privé et trajet travail"},
			{"Bonus-malus", "0,68"}, {"Couverture souhaitée", "Tous risques, assistance 0\u00a0km"}},
		Advice: "Votre véhicule a moins de trois ans et vous le financez à crédit\u00a0: une formule tous risques " +
			"protège sa valeur, et la franchise de 300\u00a0€ reste dans le budget que vous nous avez indiqué.",
		Offers: []Offer{
			{"Assureur Alpha", "Tous risques Confort", 123456, 10288, 30000, []string{"Responsabilité civile", "Dommages tous accidents", "Assistance 0\u00a0km"}},
			{"Beta Assurances", "Tiers Plus", 65432, 5453, 15000, []string{"Responsabilité civile", "Vol et incendie", "Bris de glace"}},
			{"Gamma Mutuelle", "Intégrale", 141000, 11750, 20000, []string{"Responsabilité civile", "Tous accidents", "Véhicule de remplacement"}},
		},
		Recommended: 0, Chosen: 0,
	}
}

func conditionsInput() ConditionsInput {
	v := clio
	return ConditionsInput{
		Contract: "HC-2026-000123", Issued: issued, Start: start, Insurer: "Assureur Alpha",
		Formula: "Tous risques Confort", Holder: chloe, Vehicle: &v,
		Declarations: []Field{{"Coefficient bonus-malus", "0,68"}, {"Sinistres sur 36 mois", "Aucun"},
			{"Conducteur principal", "Chloé Lefèvre-Dœuf, permis B depuis 2009"}},
		Premium: Premium{YearlyCents: 123456, TaxesCents: 35012, MonthlyCents: 10288,
			Rhythm: "Mensuel, par prélèvement SEPA le 5 de chaque mois"},
		DeductibleCents: 30000,
		Guarantees: []Guarantee{{"Responsabilité civile", "Dommages corporels sans limite, matériels 100\u00a0000\u00a0000\u00a0€"},
			{"Dommages tous accidents", "Franchise 300\u00a0€"}, {"Vol et incendie", "Franchise 300\u00a0€"},
			{"Bris de glace", "Franchise 50\u00a0€"}, {"Assistance 0\u00a0km", "24\u00a0h/24, 7\u00a0j/7"},
			{"Protection du conducteur", "Jusqu’à 1\u202f000\u202f000\u00a0€"}},
	}
}

func ipidInput() IPIDInput {
	return IPIDInput{Insurer: "Assureur Alpha SA, entreprise d’assurance immatriculée en France", Product: "Assurance automobile",
		Formula: "Tous risques Confort", Reference: "ALPHA-AUTO-TRC-2026", Issued: issued,
		Type:         []string{"Assurance automobile qui couvre votre responsabilité civile et les dommages à votre véhicule."},
		Covered:      []string{"Responsabilité civile", "Dommages tous accidents", "Vol, incendie, bris de glace"},
		NotCovered:   []string{"Les dommages causés intentionnellement", "La conduite sans permis valable"},
		Restrictions: []string{"Franchise de 300\u00a0€ en dommages tous accidents"},
		Where:        []string{"En France et dans les pays de la carte internationale d’assurance"},
		Obligations:  []string{"Déclarer exactement le risque", "Déclarer tout sinistre dans les cinq jours ouvrés"},
		Payments:     []string{"Prime annuelle, payable en une fois ou en douze mensualités par prélèvement"},
		Period:       []string{"À la date d’effet indiquée aux conditions particulières, pour un an renouvelable"},
		Cancellation: []string{"À l’échéance avec un préavis de deux mois, ou à tout moment après un an (loi Hamon)"},
	}
}

func mandateInput() MandateInput {
	m := MandateInput{RUM: "HC-RUM-2026-000123", Contract: "HC-2026-000123", Issued: issued,
		Creditor: Creditor{Name: "Horizon Courtage", Address: "18 rue des Tanneurs, 69002 Lyon", ICS: "FR12ZZZ123456"},
		Debtor:   chloe, IBAN: "fr7630006000011234567890189", BIC: "AGRIFRPP", Place: "Paris", SignedAt: issued}
	for i := range 12 {
		m.Schedule = append(m.Schedule, Debit{Date: time.Date(2026, time.Month(6+i), 5, 10, 0, 0, 0, time.UTC), Cents: 10288})
	}
	return m
}

func memoInput() MemoInput {
	return MemoInput{Contract: "HC-2026-000123", Issued: issued, Insurer: "Assureur Alpha", InsurerPhone: "01\u00a099\u00a000\u00a012\u00a034",
		Holder: chloe, Vehicle: clio, From: start, To: time.Date(2027, 5, 31, 0, 0, 0, 0, time.UTC)}
}

func letterInput() LetterInput {
	return LetterInput{Contract: "HC-2026-000123", Issued: issued, Subscribed: issued, Insurer: "Assureur Alpha", Holder: chloe}
}

// noticeInput is the avis d'échéance of chloe's contract, sent late on
// 1 March 2027.
func noticeInput() NoticeInput {
	in := NoticeInput{Contract: "HC-2026-000123", Issued: time.Date(2027, 3, 1, 8, 0, 0, 0, time.UTC), Insurer: "Assureur Alpha",
		Product: "Assurance auto", Formula: "Tous risques Confort", Holder: chloe,
		Start: time.Date(2027, 6, 1, 0, 0, 0, 0, time.UTC), End: time.Date(2028, 5, 31, 0, 0, 0, 0, time.UTC),
		Deadline: time.Date(2027, 4, 1, 0, 0, 0, 0, time.UTC), PreviousYearlyCents: 123456, YearlyCents: 129624, MonthlyCents: 10802,
		TaxesCents: 35012, Changes: [][3]string{{"× âge du conducteur", "45\u00a0ans\u00a0: 1,00", "46\u00a0ans\u00a0: 1,00"}},
		Late: true, LateRule: "Vous disposez de 20\u00a0jours à compter de son envoi, soit jusqu’au 21\u00a0mars 2027 inclus (article L113-15-1 du code des assurances).",
		Rights:  []string{"Après un an de contrat, la loi Hamon vous permet de le résilier à tout moment."},
		Compare: "Les formules de tous nos assureurs partenaires vous attendent dans votre espace client, rubrique Mes prix."}
	for i := range 12 {
		in.Schedule = append(in.Schedule, Installment{Date: time.Date(2027, time.Month(6+i), 1, 0, 0, 0, 0, time.UTC), AmountCents: 10802})
	}
	return in
}

func evidence(docs ...SignedDocument) Evidence {
	return Evidence{Reference: "SIG-2026-000042", Contract: "HC-2026-000123",
		Signer:   Signer{Name: chloe.Name, Email: chloe.Email, AccountID: "acc_7f3a91"},
		SignedAt: time.Date(2026, 5, 4, 8, 41, 7, 0, time.UTC), IP: "203.0.113.42",
		UserAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36",
		Documents: docs,
		Code: CodeCheck{Channel: "e-mail", To: chloe.Email, SentAt: time.Date(2026, 5, 4, 8, 39, 50, 0, time.UTC),
			TypedAt: time.Date(2026, 5, 4, 8, 41, 2, 0, time.UTC), Attempts: 1},
		Ticked: []string{"J’ai lu et j’accepte les conditions générales et particulières.",
			"J’ai reçu la fiche d’information et de conseil et le document d’information sur le produit."},
	}
}
