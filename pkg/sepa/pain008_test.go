package sepa

import (
	"bytes"
	"encoding/xml"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// update rewrites the golden files: go test ./pkg/sepa/ -update
var update = flag.Bool("update", false, "rewrite the golden files of testdata/")

// fixture is one fixed export: a new monthly contract, two running ones,
// a yearly one, a debtor without BIC, names that need transliteration.
func fixture() Initiation {
	paris := time.FixedZone("CET", 3600)
	return Initiation{
		MsgID:   "COURTIER-20260105-0001",
		Created: time.Date(2026, 1, 5, 9, 30, 0, 0, paris),
		Creditor: Creditor{
			Name: "Courtier Assurances SAS",
			IBAN: "FR76 3000 6000 0112 3456 7890 189",
			BIC:  "AGRIFRPP882",
			ID:   "FR78ZZZ424242",
		},
		Transactions: []Transaction{
			{EndToEndID: "CTR-00000042-2026-01", AmountCents: 4210, MandateID: "CTR-00000042", MandateSigned: Date{2026, 1, 2},
				DebtorName: "Hélène Cœurdevey", DebtorIBAN: "DE89370400440532013000", DebtorBIC: "COBADEFFXXX",
				Remittance: "Prime auto janvier 2026 – contrat n° 42", SeqType: First, CollectionDate: Date{2026, 1, 20}},
			{EndToEndID: "CTR-00000007-2026-01", AmountCents: 3399, MandateID: "CTR-00000007", MandateSigned: Date{2025, 3, 14},
				DebtorName: "Jean-François L’Hôte", DebtorIBAN: "fr76 3000 6000 0112 3456 7890 189",
				Remittance: "Prime habitation janvier 2026", SeqType: Recurrent, CollectionDate: Date{2026, 1, 20}},
			{EndToEndID: "CTR-00000009-2026", AmountCents: 48900, MandateID: "CTR-00000009", MandateSigned: Date{2025, 2, 1},
				DebtorName: "Société Æther & Fils", DebtorIBAN: "GB82WEST12345698765432", SeqType: Recurrent, CollectionDate: Date{2026, 2, 1}},
			{EndToEndID: "CTR-00000008-2026-01", AmountCents: 1, MandateID: "CTR-00000008", MandateSigned: Date{2025, 6, 30},
				DebtorName: "Łukasz Müller", DebtorIBAN: "BE68539007547034", SeqType: Recurrent, CollectionDate: Date{2026, 1, 20}},
		},
	}
}

// parsed mirrors the pain.008.001.02 schema, written apart from the
// export's own types so that a field misplaced there shows here.
type parsed struct {
	XMLName xml.Name
	GrpHdr  struct {
		MsgID    string `xml:"MsgId"`
		CreDtTm  string
		NbOfTxs  string
		CtrlSum  string
		InitgPty struct{ Nm string }
	} `xml:"CstmrDrctDbtInitn>GrpHdr"`
	PmtInf []struct {
		PmtInfID string `xml:"PmtInfId"`
		PmtMtd   string
		NbOfTxs  string
		CtrlSum  string
		PmtTpInf struct {
			SvcLvl    string `xml:"SvcLvl>Cd"`
			LclInstrm string `xml:"LclInstrm>Cd"`
			SeqTp     string
		}
		ReqdColltnDt string
		Cdtr         string `xml:"Cdtr>Nm"`
		CdtrIBAN     string `xml:"CdtrAcct>Id>IBAN"`
		CdtrBIC      string `xml:"CdtrAgt>FinInstnId>BIC"`
		ChrgBr       string
		SchemeID     string `xml:"CdtrSchmeId>Id>PrvtId>Othr>Id"`
		SchemeName   string `xml:"CdtrSchmeId>Id>PrvtId>Othr>SchmeNm>Prtry"`
		Tx           []struct {
			EndToEndID string `xml:"PmtId>EndToEndId"`
			InstdAmt   struct {
				Ccy   string `xml:",attr"`
				Value string `xml:",chardata"`
			}
			MndtID    string `xml:"DrctDbtTx>MndtRltdInf>MndtId"`
			DtOfSgntr string `xml:"DrctDbtTx>MndtRltdInf>DtOfSgntr"`
			DbtrBIC   string `xml:"DbtrAgt>FinInstnId>BIC"`
			DbtrOthr  string `xml:"DbtrAgt>FinInstnId>Othr>Id"`
			Dbtr      string `xml:"Dbtr>Nm"`
			DbtrIBAN  string `xml:"DbtrAcct>Id>IBAN"`
			Ustrd     string `xml:"RmtInf>Ustrd"`
		} `xml:"DrctDbtTxInf"`
	} `xml:"CstmrDrctDbtInitn>PmtInf"`
}

// cents reads an ISO 20022 decimal amount back into cents, exactly.
func cents(t *testing.T, s string) int64 {
	t.Helper()
	whole, frac, ok := strings.Cut(s, ".")
	w, err1 := strconv.ParseInt(whole, 10, 64)
	f, err2 := strconv.ParseInt(frac, 10, 64)
	if !ok || len(frac) != 2 || err1 != nil || err2 != nil {
		t.Fatalf("amount %q is not written with two decimals", s)
	}
	return w*100 + f
}

func TestPain008Structure(t *testing.T) {
	in := fixture()
	out, err := Pain008(in)
	if err != nil {
		t.Fatal(err)
	}
	var doc parsed
	if err := xml.Unmarshal(out, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.XMLName.Space != "urn:iso:std:iso:20022:tech:xsd:pain.008.001.02" || doc.XMLName.Local != "Document" {
		t.Fatalf("root %v", doc.XMLName)
	}
	h := doc.GrpHdr
	if h.MsgID != in.MsgID || h.CreDtTm != "2026-01-05T09:30:00" || h.InitgPty.Nm != "Courtier Assurances SAS" {
		t.Errorf("group header %+v", h)
	}
	var all, sum int64
	type group struct{ seq, date string }
	seen := map[group]bool{}
	var order []string
	for _, p := range doc.PmtInf {
		g := group{p.PmtTpInf.SeqTp, p.ReqdColltnDt}
		if seen[g] {
			t.Errorf("two PmtInf for %v", g)
		}
		seen[g] = true
		order = append(order, p.ReqdColltnDt+" "+p.PmtTpInf.SeqTp+" "+p.NbOfTxs)
		if p.PmtMtd != "DD" || p.PmtTpInf.SvcLvl != "SEPA" || p.PmtTpInf.LclInstrm != "CORE" || p.ChrgBr != "SLEV" ||
			p.SchemeID != "FR78ZZZ424242" || p.SchemeName != "SEPA" || p.CdtrIBAN != "FR7630006000011234567890189" ||
			p.CdtrBIC != "AGRIFRPP882" || p.Cdtr != "Courtier Assurances SAS" || !strings.HasPrefix(p.PmtInfID, in.MsgID+"-") {
			t.Errorf("PmtInf %s: %+v", p.PmtInfID, p)
		}
		var groupSum int64
		for _, tx := range p.Tx {
			if tx.InstdAmt.Ccy != "EUR" {
				t.Errorf("%s: currency %q", tx.EndToEndID, tx.InstdAmt.Ccy)
			}
			groupSum += cents(t, tx.InstdAmt.Value)
			if (tx.DbtrBIC == "") == (tx.DbtrOthr == "") || tx.DbtrOthr != "" && tx.DbtrOthr != "NOTPROVIDED" {
				t.Errorf("%s: debtor agent BIC %q, other %q", tx.EndToEndID, tx.DbtrBIC, tx.DbtrOthr)
			}
		}
		if n, _ := strconv.Atoi(p.NbOfTxs); n != len(p.Tx) {
			t.Errorf("PmtInf %s: NbOfTxs %s for %d transactions", p.PmtInfID, p.NbOfTxs, len(p.Tx))
		}
		if cents(t, p.CtrlSum) != groupSum {
			t.Errorf("PmtInf %s: CtrlSum %s, transactions add up to %s", p.PmtInfID, p.CtrlSum, FormatCents(groupSum))
		}
		all += int64(len(p.Tx))
		sum += groupSum
	}
	if n, _ := strconv.ParseInt(h.NbOfTxs, 10, 64); n != all || all != int64(len(in.Transactions)) {
		t.Errorf("NbOfTxs %s, %d in the PmtInf, %d given", h.NbOfTxs, all, len(in.Transactions))
	}
	if cents(t, h.CtrlSum) != sum || sum != 4210+3399+48900+1 {
		t.Errorf("CtrlSum %s, PmtInf add up to %s", h.CtrlSum, FormatCents(sum))
	}
	want := []string{"2026-01-20 FRST 1", "2026-01-20 RCUR 2", "2026-02-01 RCUR 1"}
	if strings.Join(order, "|") != strings.Join(want, "|") {
		t.Errorf("groups %q, want %q", order, want)
	}
	if tx := doc.PmtInf[1].Tx; tx[0].Dbtr != "Jean-Francois L'Hote" || tx[1].Dbtr != "Lukasz Muller" || tx[0].DbtrIBAN != "FR7630006000011234567890189" {
		t.Errorf("RCUR group, in input order, names transliterated and IBAN normalized: %+v", tx)
	}
}

func TestPain008Golden(t *testing.T) {
	out, err := Pain008(fixture())
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "pain008.golden.xml")
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
