package quote

import (
	"errors"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

// offerToday is the date validity is checked against in these tests.
var offerToday = time.Date(2026, 3, 2, 0, 0, 0, 0, time.UTC)

// goodOffer is a valid offer: 45,90 € a month, 520,00 € a year.
func goodOffer() OfferDraft {
	return OfferDraft{
		Insurer: "Assurances Mutuelles de l'Ouest", ProductName: "Auto Confort", MonthlyCents: 4590, YearlyCents: 52000,
		Guarantees: []string{"Responsabilité civile", "Bris de glace", "Assistance 0 km"}, DeductibleCents: 30000,
		ValidUntil: "2026-04-01", Note: "Tarif avec votre bonus de 0,68.",
	}
}

func TestValidateOffers(t *testing.T) {
	tests := []struct {
		name   string
		change func(d *OfferDraft)
		field  string
		msg    string
	}{
		{name: "valid", change: func(*OfferDraft) {}},
		{name: "no note, no deductible", change: func(d *OfferDraft) { d.Note, d.DeductibleCents = "", 0 }},
		{name: "yearly exactly 10 monthly", change: func(d *OfferDraft) { d.YearlyCents = 45900 }},
		{name: "yearly exactly 12.5 monthly", change: func(d *OfferDraft) { d.YearlyCents = 57375 }},
		{name: "valid today", change: func(d *OfferDraft) { d.ValidUntil = "2026-03-02" }},
		{name: "valid a year", change: func(d *OfferDraft) { d.ValidUntil = "2027-03-02" }},
		{name: "highest premium", change: func(d *OfferDraft) { d.MonthlyCents, d.YearlyCents = 9_000_000, 99_999_999 }},
		{name: "insurer missing", change: func(d *OfferDraft) { d.Insurer = " \u00a0" }, field: "offers.0.insurer", msg: "Indiquez l’assureur."},
		{name: "insurer too long", change: func(d *OfferDraft) { d.Insurer = strings.Repeat("a", 81) }, field: "offers.0.insurer", msg: "80\u00a0caractères"},
		{name: "insurer with bidi", change: func(d *OfferDraft) { d.Insurer = "Assur\u202eances" }, field: "offers.0.insurer", msg: "non autorisés"},
		{name: "insurer with NUL", change: func(d *OfferDraft) { d.Insurer = "Assur\x00ances" }, field: "offers.0.insurer", msg: "non autorisés"},
		{name: "product missing", change: func(d *OfferDraft) { d.ProductName = "" }, field: "offers.0.productName", msg: "Indiquez le nom de la formule proposée."},
		{name: "monthly zero", change: func(d *OfferDraft) { d.MonthlyCents = 0 }, field: "offers.0.monthlyCents", msg: "prime mensuelle supérieure à 0\u00a0€"},
		{name: "monthly negative", change: func(d *OfferDraft) { d.MonthlyCents = -4590 }, field: "offers.0.monthlyCents"},
		{name: "monthly a million", change: func(d *OfferDraft) { d.MonthlyCents = 100_000_000 }, field: "offers.0.monthlyCents", msg: "inférieure à 1\u202f000\u202f000,00\u00a0€"},
		{name: "yearly zero", change: func(d *OfferDraft) { d.YearlyCents = 0 }, field: "offers.0.yearlyCents", msg: "prime annuelle supérieure"},
		{name: "yearly huge", change: func(d *OfferDraft) { d.YearlyCents = 1 << 62 }, field: "offers.0.yearlyCents"},
		{name: "yearly below 10 monthly", change: func(d *OfferDraft) { d.YearlyCents = 45899 }, field: "offers.0.yearlyCents",
			msg: "entre 10 et 12,5\u00a0fois la prime mensuelle, soit entre 459,00\u00a0€ et 573,75\u00a0€."},
		{name: "yearly above 12.5 monthly", change: func(d *OfferDraft) { d.YearlyCents = 57376 }, field: "offers.0.yearlyCents"},
		{name: "yearly typed as monthly", change: func(d *OfferDraft) { d.YearlyCents = 4590 }, field: "offers.0.yearlyCents"},
		{name: "no guarantee", change: func(d *OfferDraft) { d.Guarantees = nil }, field: "offers.0.guarantees", msg: "au moins une garantie"},
		{name: "13 guarantees", change: func(d *OfferDraft) {
			d.Guarantees = nil
			for i := range 13 {
				d.Guarantees = append(d.Guarantees, "Garantie "+string(rune('A'+i)))
			}
		}, field: "offers.0.guarantees", msg: "12 garanties au plus"},
		{name: "empty guarantee", change: func(d *OfferDraft) { d.Guarantees[1] = "  " }, field: "offers.0.guarantees.1", msg: "retirez la ligne"},
		{name: "guarantee too long", change: func(d *OfferDraft) { d.Guarantees[2] = strings.Repeat("é", 121) }, field: "offers.0.guarantees.2", msg: "120\u00a0caractères"},
		{name: "guarantee twice", change: func(d *OfferDraft) { d.Guarantees[2] = " Bris de glace" }, field: "offers.0.guarantees.2", msg: "figure déjà"},
		{name: "deductible negative", change: func(d *OfferDraft) { d.DeductibleCents = -1 }, field: "offers.0.deductibleCents", msg: "négative"},
		{name: "deductible a million", change: func(d *OfferDraft) { d.DeductibleCents = 100_000_000 }, field: "offers.0.deductibleCents"},
		{name: "no date", change: func(d *OfferDraft) { d.ValidUntil = "" }, field: "offers.0.validUntil", msg: "jusqu’à quand"},
		{name: "French date", change: func(d *OfferDraft) { d.ValidUntil = "01/04/2026" }, field: "offers.0.validUntil", msg: "date valide"},
		{name: "no such day", change: func(d *OfferDraft) { d.ValidUntil = "2026-02-30" }, field: "offers.0.validUntil", msg: "date valide"},
		{name: "yesterday", change: func(d *OfferDraft) { d.ValidUntil = "2026-03-01" }, field: "offers.0.validUntil", msg: "passée"},
		{name: "a year and a day", change: func(d *OfferDraft) { d.ValidUntil = "2027-03-03" }, field: "offers.0.validUntil", msg: "jusqu’au 2\u00a0mars 2027"},
		{name: "note too long", change: func(d *OfferDraft) { d.Note = strings.Repeat("n", 2001) }, field: "offers.0.note", msg: "2\u00a0000"},
		{name: "note with zero-width joiner trick", change: func(d *OfferDraft) { d.Note = "ok\u2066caché" }, field: "offers.0.note"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := goodOffer()
			tt.change(&d)
			out, err := validateOffers([]OfferDraft{goodOffer(), d}, offerToday)
			if tt.field == "" {
				if err != nil || len(out) != 2 || out[1].Status != OfferProposed || out[1].Position != 1 {
					t.Fatalf("refused: %v %+v", err, out)
				}
				return
			}
			// The second offer is the faulty one: its index names the field.
			want := strings.Replace(tt.field, "offers.0", "offers.1", 1)
			var e *apperr.Error
			if err == nil || apperr.CodeOf(err) != apperr.EINVALID || !errors.As(err, &e) || e.Field != want || !strings.Contains(e.Message, tt.msg) {
				t.Fatalf("got %v, want field %s with %q", err, want, tt.msg)
			}
		})
	}
}

func TestValidateOffersCountsAndCleans(t *testing.T) {
	for n, want := range map[int]string{0: "Ajoutez au moins une offre.", 6: "Envoyez 5 offres au plus."} {
		_, err := validateOffers(make([]OfferDraft, n), offerToday)
		if apperr.MessageOf(err) != want {
			t.Errorf("%d offers: %v", n, err)
		}
	}
	d := goodOffer()
	d.Insurer, d.Note, d.Guarantees[0] = "  Cafe\u0301 Assurances ", "Ligne 1\r\nLigne 2 ", " Responsabilité civile\t"
	out, err := validateOffers([]OfferDraft{d, d, d, d, d}, offerToday)
	if err != nil {
		t.Fatal(err)
	}
	if o := out[4]; o.Insurer != "Café Assurances" || o.Note != "Ligne 1\nLigne 2" || o.Guarantees[0] != "Responsabilité civile" || o.Position != 4 {
		t.Fatalf("cleaned %+v", o)
	}
}

func TestEurosAndFrenchDates(t *testing.T) {
	for cents, want := range map[int64]string{0: "0,00\u00a0€", 5: "0,05\u00a0€", 4590: "45,90\u00a0€", 123456: "1\u202f234,56\u00a0€", 99_999_999: "999\u202f999,99\u00a0€", -150: "-1,50\u00a0€"} {
		if got := euros(cents); got != want {
			t.Errorf("euros(%d) = %q, want %q", cents, got, want)
		}
	}
	for d, want := range map[string]string{"2026-11-22": "22\u00a0novembre 2026", "2026-05-01": "1er\u00a0mai 2026", "2027-08-15": "15\u00a0août 2027"} {
		day, _ := time.Parse(time.DateOnly, d)
		if got := frDate(day); got != want {
			t.Errorf("frDate(%s) = %q, want %q", d, got, want)
		}
	}
}
