package sepa

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// amendedFixture is fixture with three mandates changed since their last
// debit: an account changed in the same bank, a mandate taken over from
// another creditor (its reference, identifier and name changed), and a
// debtor gone to another bank, presented again as a first debit.
func amendedFixture() Initiation {
	in := fixture()
	in.Transactions = append(in.Transactions,
		Transaction{EndToEndID: "CTR-00000011-2026-01", AmountCents: 2750, MandateID: "CTR-00000011", MandateSigned: Date{2025, 4, 10},
			DebtorName: "Amélie Poulain", DebtorIBAN: "FR7630006000011234567890189", SeqType: Recurrent, CollectionDate: Date{2026, 1, 20},
			Amendment: &Amendment{OriginalDebtorIBAN: "FR76 3000 6000 0112 3456 7890 286"}},
		Transaction{EndToEndID: "CTR-00000012-2026-01", AmountCents: 5120, MandateID: "CTR-00000012", MandateSigned: Date{2024, 9, 1},
			DebtorName: "Noël Ségur", DebtorIBAN: "BE68539007547034", SeqType: Recurrent, CollectionDate: Date{2026, 1, 20},
			Amendment: &Amendment{OriginalMandateID: "DUPRE-2024-0815", OriginalCreditorID: "fr72 zzz 123456", OriginalCreditorName: "Cabinet Dupré & Associés"}},
		Transaction{EndToEndID: "CTR-00000013-2026-01", AmountCents: 3990, MandateID: "CTR-00000013", MandateSigned: Date{2025, 11, 3},
			DebtorName: "Zoé Kœnig", DebtorIBAN: "FR7630004008200001234560104", DebtorBIC: "BNPAFRPPXXX", SeqType: First, CollectionDate: Date{2026, 1, 20},
			Amendment: &Amendment{NewDebtorBank: true}},
	)
	return in
}

// parsedMandate mirrors MandateRelatedInformation6 and its
// AmendmentInformationDetails6, from the schema, apart from the export's
// types.
type parsedMandate struct {
	EndToEndID string `xml:"PmtId>EndToEndId"`
	MndtID     string `xml:"DrctDbtTx>MndtRltdInf>MndtId"`
	AmdmntInd  string `xml:"DrctDbtTx>MndtRltdInf>AmdmntInd"`
	Details    *struct {
		OrgnlMndtID string `xml:"OrgnlMndtId"`
		OrgnlCdtr   *struct {
			Nm    string
			ID    string `xml:"Id>PrvtId>Othr>Id"`
			Prtry string `xml:"Id>PrvtId>Othr>SchmeNm>Prtry"`
		} `xml:"OrgnlCdtrSchmeId"`
		OrgnlDbtrIBAN string `xml:"OrgnlDbtrAcct>Id>IBAN"`
		OrgnlDbtrAgt  string `xml:"OrgnlDbtrAgt>FinInstnId>Othr>Id"`
	} `xml:"DrctDbtTx>MndtRltdInf>AmdmntInfDtls"`
}

func TestPain008Amendments(t *testing.T) {
	out, err := Pain008(amendedFixture())
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		PmtInf []struct {
			SeqTp string          `xml:"PmtTpInf>SeqTp"`
			Tx    []parsedMandate `xml:"DrctDbtTxInf"`
		} `xml:"CstmrDrctDbtInitn>PmtInf"`
	}
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, p := range doc.PmtInf {
		for _, tx := range p.Tx {
			line := p.SeqTp + " " + tx.MndtID + " ind=" + tx.AmdmntInd
			if d := tx.Details; d != nil {
				line += " mndt=" + d.OrgnlMndtID + " iban=" + d.OrgnlDbtrIBAN + " agt=" + d.OrgnlDbtrAgt
				if c := d.OrgnlCdtr; c != nil {
					line += " cdtr=" + c.Nm + "/" + c.ID + "/" + c.Prtry
				}
			}
			got[tx.EndToEndID] = line
		}
	}
	want := map[string]string{
		// A mandate unchanged says nothing of amendments.
		"CTR-00000007-2026-01": "RCUR CTR-00000007 ind=",
		"CTR-00000011-2026-01": "RCUR CTR-00000011 ind=true mndt= iban=FR7630006000011234567890286 agt=",
		"CTR-00000012-2026-01": "RCUR CTR-00000012 ind=true mndt=DUPRE-2024-0815 iban= agt= cdtr=Cabinet Dupre + Associes/FR72ZZZ123456/SEPA",
		"CTR-00000013-2026-01": "FRST CTR-00000013 ind=true mndt= iban= agt=SMNDA",
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("%s: %q, want %q", id, got[id], w)
		}
	}
}

// TestPain008AmendmentOrder checks that the export writes the children of
// MndtRltdInf and AmdmntInfDtls in the order of the schema's sequences
// (MandateRelatedInformation6, AmendmentInformationDetails6), which the
// structure test, reading by name, cannot see.
func TestPain008AmendmentOrder(t *testing.T) {
	out, err := Pain008(amendedFixture())
	if err != nil {
		t.Fatal(err)
	}
	schema := map[string][]string{
		"MndtRltdInf":      {"MndtId", "DtOfSgntr", "AmdmntInd", "AmdmntInfDtls", "ElctrncSgntr", "FrstColltnDt", "FnlColltnDt", "Frqcy"},
		"AmdmntInfDtls":    {"OrgnlMndtId", "OrgnlCdtrSchmeId", "OrgnlCdtrAgt", "OrgnlCdtrAgtAcct", "OrgnlDbtr", "OrgnlDbtrAcct", "OrgnlDbtrAgt", "OrgnlDbtrAgtAcct", "OrgnlFnlColltnDt", "OrgnlFrqcy"},
		"OrgnlCdtrSchmeId": {"Nm", "PstlAdr", "Id", "CtryOfRes", "CtctDtls"},
	}
	seen := map[string]int{}
	dec := xml.NewDecoder(bytes.NewReader(out))
	var stack []string
	var last []int // per open element, the rank in its parent's sequence of its last child
	for {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		switch el := tok.(type) {
		case xml.StartElement:
			name := el.Name.Local
			if len(stack) > 0 {
				if order, ok := schema[stack[len(stack)-1]]; ok {
					rank := slices.Index(order, name)
					if rank < 0 || rank <= last[len(last)-1] {
						t.Errorf("%s inside %s is unknown or out of the schema's order %v", name, stack[len(stack)-1], order)
					}
					last[len(last)-1] = rank
				}
			}
			seen[name]++
			stack, last = append(stack, name), append(last, -1)
		case xml.EndElement:
			stack, last = stack[:len(stack)-1], last[:len(last)-1]
		}
	}
	if seen["AmdmntInfDtls"] != 3 || seen["OrgnlCdtrSchmeId"] != 1 || seen["MndtRltdInf"] != 7 {
		t.Errorf("elements seen %v", seen)
	}
}

func TestPain008AmendmentsGolden(t *testing.T) {
	out, err := Pain008(amendedFixture())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "pain008_amendments.golden.xml")
	if *update {
		if err := os.WriteFile(path, out, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(out, want) {
		t.Errorf("Pain008 differs from %s (run with -update after checking):\n%s", path, out)
	}
}

func TestPain008RefusesAmendments(t *testing.T) {
	// Transactions 4, 5 and 6 of amendedFixture carry amendments.
	tests := []struct {
		name   string
		change func(a []Transaction)
		field  string
		want   string
	}{
		{"an amendment that changes nothing", func(a []Transaction) { a[4].Amendment = &Amendment{} },
			"transactions.4.amendment", "Prélèvement n°\u00a05 (CTR-00000011-2026-01)\u00a0: la modification du mandat ne dit pas ce qui a changé."},
		{"the original reference is today's", func(a []Transaction) { a[5].Amendment.OriginalMandateID = "CTR-00000012" },
			"transactions.5.amendment.originalMandateId", "l’ancienne référence du mandat est celle d’aujourd’hui (CTR-00000012)"},
		{"the original reference is not of the Latin set", func(a []Transaction) { a[5].Amendment.OriginalMandateID = "DUPRÉ-15" },
			"transactions.5.amendment.originalMandateId", "l’ancienne référence du mandat ne peut contenir que des lettres sans accents"},
		{"the original creditor id is today's", func(a []Transaction) { a[5].Amendment.OriginalCreditorID = "FR78 ZZZ 424242" },
			"transactions.5.amendment.originalCreditorId", "l’ancien identifiant créancier SEPA est celui d’aujourd’hui"},
		{"the original creditor id's key", func(a []Transaction) { a[5].Amendment.OriginalCreditorID = "FR73ZZZ123456" },
			"transactions.5.amendment.originalCreditorId", "l’ancien identifiant créancier\u00a0: la clé de contrôle de l’identifiant créancier SEPA est fausse"},
		{"the original creditor's name in no Latin letter", func(a []Transaction) { a[5].Amendment.OriginalCreditorName = "東京" },
			"transactions.5.amendment.originalCreditorName", "l’ancien nom du créancier doit s’écrire en lettres latines"},
		{"the original account is today's", func(a []Transaction) { a[4].Amendment.OriginalDebtorIBAN = "fr76 3000 6000 0112 3456 7890 189" },
			"transactions.4.amendment.originalDebtorIban", "l’ancien IBAN du débiteur est celui d’aujourd’hui"},
		{"the original account's key", func(a []Transaction) { a[4].Amendment.OriginalDebtorIBAN = "FR7630006000011234567890287" },
			"transactions.4.amendment.originalDebtorIban", "l’ancien IBAN du débiteur\u00a0: la clé de contrôle de l’IBAN est fausse"},
		{"an original account with a change of bank", func(a []Transaction) { a[6].Amendment.OriginalDebtorIBAN = "FR7630006000011234567890286" },
			"transactions.6.amendment.originalDebtorIban", "un changement de banque (SMNDA) ne le donne pas"},
		{"a change of bank presented as recurrent", func(a []Transaction) { a[6].SeqType = Recurrent },
			"transactions.6.seqType", "Prélèvement n°\u00a07 (CTR-00000013-2026-01)\u00a0: après un changement de banque du débiteur (SMNDA), le prélèvement se présente comme un premier (FRST), pas en RCUR."},
		{"a change of bank presented as final", func(a []Transaction) { a[6].SeqType = Final },
			"transactions.6.seqType", "pas en FNAL"},
		// The debit's own checks come first: the amendment is read against
		// a well-formed debit.
		{"a wrong debit with an amendment", func(a []Transaction) { a[6].SeqType = "FIRST" },
			"transactions.6.seqType", "type de séquence inconnu"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := amendedFixture()
			tt.change(in.Transactions)
			out, err := Pain008(in)
			field, msg := fieldError(t, err)
			if out != nil || field != tt.field || !strings.Contains(msg, tt.want) {
				t.Errorf("Pain008 = %d bytes, %s %q, want %s %q", len(out), field, msg, tt.field, tt.want)
			}
		})
	}
}

// A creditor that changed its name alone gives its former name without
// an empty identifier, which the schema would refuse (Othr/Id is required).
func TestPain008AmendmentNameOnly(t *testing.T) {
	in := amendedFixture()
	in.Transactions[5].Amendment = &Amendment{OriginalCreditorName: "Cabinet Dupré"}
	out, err := Pain008(in)
	if err != nil {
		t.Fatal(err)
	}
	want := "<AmdmntInfDtls>\n              <OrgnlCdtrSchmeId>\n                <Nm>Cabinet Dupre</Nm>\n              </OrgnlCdtrSchmeId>\n            </AmdmntInfDtls>"
	if !bytes.Contains(out, []byte(want)) {
		t.Errorf("the export lacks %q:\n%s", want, out)
	}
}
