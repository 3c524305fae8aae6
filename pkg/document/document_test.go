package document

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// builders are every document of the package, composed from the fixtures.
func builders(r *Renderer) []struct {
	name  string
	build func() (*Doc, error)
	want  []string
} {
	return []struct {
		name  string
		build func() (*Doc, error)
		want  []string
	}{
		{"fiche-conseil", func() (*Doc, error) { return r.Advice(adviceInput()) },
			[]string{"Fiche d’information et de conseil", "DEV-2026-004211", "Chloé Lefèvre-Dœuf", "1 234,56 €", "102,88 €",
				"Tous risques Confort (recommandée, choisie)", "Nous vous recommandons la formule « Tous risques Confort »", "Page 1 sur"}},
		{"conditions-particulieres", func() (*Doc, error) { return r.Conditions(conditionsInput()) },
			[]string{"Conditions particulières", "Contrat n° HC-2026-000123", "Chloé Lefèvre-Dœuf", "12 avenue de l’Œuvre",
				"1 234,56 €", "884,44 €", "350,12 €", "GH-512-KT", "1er juin 2026", "L112-2-1", "L113-15-2", "loi Hamon",
				"Page 2 sur 2", "ORIAS n° 24 003 517"}},
		{"conditions-habitation", func() (*Doc, error) {
			in := conditionsInput()
			in.Vehicle, in.Formula = nil, "Habitation Essentielle"
			in.Dwelling = &Dwelling{Address: "12 avenue de l’Œuvre, 75011 Paris", Kind: "Appartement", Status: "Locataire", Surface: 48, Rooms: 2}
			return r.Conditions(in)
		}, []string{"Habitation Essentielle", "Appartement", "48 m²", "Locataire", "HC-2026-000123"}},
		{"ipid", func() (*Doc, error) { return r.IPID(ipidInput()) },
			[]string{"De quel type d’assurance s’agit-il ?", "Qu’est-ce qui n’est pas assuré ?",
				"Comment puis-je résilier le contrat ?", "300 €", "Tous risques Confort"}},
		{"mandat-sepa", func() (*Doc, error) { return r.Mandate(mandateInput()) },
			[]string{"Mandat de prélèvement SEPA", "HC-RUM-2026-000123", "FR12ZZZ123456", "Chloé Lefèvre-Dœuf",
				"FR76 3000 6000 0112 3456 7890 189", "Paiement récurrent", "5 juin 2026", "102,88 €", "1 234,56 €", "8 semaines"}},
		{"memo-vehicule", func() (*Doc, error) { return r.VehicleMemo(memoInput()) },
			[]string{"Mémo Véhicule Assuré", "HC-2026-000123", "Chloé Lefèvre-Dœuf", "GH-512-KT", "Renault Clio V TCe 90 Evolution",
				"1er juin 2026", "31 mai 2027 inclus", "01 99 00 12 34", "1er avril 2024"}},
		{"attestation-vtc", func() (*Doc, error) { return r.VTCCertificate(memoInput()) },
			[]string{"Attestation d’assurance – transport de personnes à titre onéreux", "HC-2026-000123", "Chloé Lefèvre-Dœuf",
				"GH-512-KT", "L3120-4"}},
		{"lettre-retractation", func() (*Doc, error) { return r.WithdrawalLetter(letterInput()) },
			[]string{"Modèle de lettre de rétractation", "Je soussigné(e) Chloé Lefèvre-Dœuf",
				"déclare renoncer au contrat d’assurance n° HC-2026-000123 souscrit le 4 mai 2026"}},
		{"avis-echeance", func() (*Doc, error) { return r.RenewalNotice(noticeInput()) },
			[]string{"Avis d’échéance", "Contrat n° HC-2026-000123", "Chloé Lefèvre-Dœuf", "du 1er juin 2027 au 31 mai 2028",
				"au plus tard le 1er avril 2027", "1 234,56 €", "1 296,24 €", "en hausse de 61,68 €", "108,02 €",
				"× âge du conducteur", "45 ans : 1,00", "46 ans : 1,00", "1er juin 2027", "1er mai 2028", "L113-15-1", "jusqu’au 21 mars 2027", "loi Hamon",
				"Comparer les offres de nos assureurs", "rubrique Mes prix"}},
		{"mise-en-demeure", func() (*Doc, error) { return r.NoticeLetter(unpaidInput()) },
			[]string{"Mise en demeure", "Contrat n° HC-2026-000123", "Chloé Lefèvre-Dœuf", "Le prélèvement de 102,88 € dû le 5 juin 2026",
				"Provision insuffisante", "nous vous mettons en demeure de payer la somme de 102,88 €", "FR76 3000 6000 0112 3456 7890 189",
				"IMP-HC-2026-000123-02", "Le 15 juillet 2026, 30 jours après l’envoi de cette lettre", "Le 25 juillet 2026", "article L113-3",
				"à midi le lendemain du paiement", "envoyée le 15 juin 2026"}},
		{"resiliation-non-paiement", func() (*Doc, error) { return r.TerminationLetter(unpaidInput()) },
			[]string{"Résiliation pour non-paiement", "Par notre lettre du 15 juin 2026", "102,88 €", "suspendues depuis le 15 juillet 2026",
				"est résilié à compter du 25 juillet 2026", "reste due", "IMP-HC-2026-000123-02"}},
		{"preuve-signature", func() (*Doc, error) {
			return r.EvidenceFile(evidence(SignedDocument{"Conditions particulières", strings.Repeat("ab12", 16)}))
		}, []string{"Fichier de preuve de signature électronique", "SIG-2026-000042", "Chloé Lefèvre-Dœuf", "acc_7f3a91",
			"2026-05-04 08:41:07 UTC", "4 mai 2026 à 10:41:07", "203.0.113.42", "Chrome/124.0", strings.Repeat("ab12", 16),
			"c•••••••••••e@example.com", "J’ai lu et j’accepte les conditions générales"}},
	}
}

// text is what pdftotext reads in pdf, its spaces (no-break ones included)
// made one ordinary space, as the wanted strings are.
func text(t *testing.T, pdf []byte) string {
	t.Helper()
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Fatal("pdftotext is needed to read the PDFs made (apt-get install poppler-utils; .ci/run installs it)")
	}
	cmd := exec.Command("pdftotext", "-enc", "UTF-8", "-", "-")
	cmd.Stdin = bytes.NewReader(pdf)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return oneSpace(string(out))
}

func oneSpace(s string) string {
	return strings.Join(strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\n' || r == '\t' || r == '\f' || r == '\u00a0' || r == '\u202f'
	}), " ")
}

func TestDocuments(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range builders(r) {
		t.Run(c.name, func(t *testing.T) {
			d, err := c.build()
			if err != nil {
				t.Fatal(err)
			}
			pdf, err := d.PDF()
			if err != nil {
				t.Fatal(err)
			}
			saveSample(t, c.name, pdf)
			got := text(t, pdf)
			for _, w := range c.want {
				if !strings.Contains(got, oneSpace(w)) {
					t.Errorf("%q missing from the text:\n%s", w, got)
				}
			}
		})
	}
}

// saveSample writes pdf under $DOCSAMPLES, to look at it.
func saveSample(t *testing.T, name string, pdf []byte) {
	dir := os.Getenv("DOCSAMPLES")
	if dir == "" {
		return
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".pdf"), pdf, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestMissingInput(t *testing.T) {
	r := newTestRenderer(t)
	noContract := conditionsInput()
	noContract.Contract = ""
	twoRisks := conditionsInput()
	twoRisks.Dwelling = &Dwelling{Kind: "Maison"}
	noOffer := adviceInput()
	noOffer.Offers = nil
	emptySection := ipidInput()
	emptySection.Where = nil
	badDigest := evidence(SignedDocument{"Conditions particulières", "abc"})
	cases := []struct {
		name string
		err  func() error
		want string
	}{
		{"contract number", func() error { _, err := r.Conditions(noContract); return err }, "missing contract"},
		{"one risk", func() error { _, err := r.Conditions(twoRisks); return err }, "one insured risk"},
		{"offers", func() error { _, err := r.Advice(noOffer); return err }, "0 offers"},
		{"IPID section", func() error { _, err := r.IPID(emptySection); return err }, "Où suis-je couvert(e)"},
		{"digest", func() error { _, err := r.EvidenceFile(badDigest); return err }, "not 64 hexadecimal digits"},
		{"issue time", func() error { in := memoInput(); in.Issued = time.Time{}; _, err := r.VehicleMemo(in); return err }, "issue time"},
		{"avis's deadline", func() error {
			in := noticeInput()
			in.Deadline = time.Time{}
			_, err := r.RenewalNotice(in)
			return err
		}, "its dates"},
		{"avis's premium", func() error { in := noticeInput(); in.YearlyCents = 0; _, err := r.RenewalNotice(in); return err }, "premium 0"},
	}
	for _, c := range cases {
		if err := c.err(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", c.name, err, c.want)
		}
	}
}

func TestDeterministic(t *testing.T) {
	r := newTestRenderer(t)
	for _, c := range builders(r) {
		t.Run(c.name, func(t *testing.T) {
			var digests []string
			for range 2 {
				d, err := c.build()
				if err != nil {
					t.Fatal(err)
				}
				pdf, err := d.PDF()
				if err != nil {
					t.Fatal(err)
				}
				digests = append(digests, Digest(pdf))
			}
			if digests[0] != digests[1] {
				t.Errorf("two renderings differ: %s, %s", digests[0], digests[1])
			}
		})
	}
}
