package sepa

import (
	"errors"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"courtier/pkg/apperr"
)

func day(s string) Date {
	t, err := time.Parse("2006-01-02", s)
	if err != nil {
		panic(err)
	}
	return DateOf(t)
}

func TestParseReturns(t *testing.T) {
	const msg, rcur = "COURTIER-20261201-0001", "COURTIER-20261201-0001-RCUR"
	tests := []struct {
		file string
		want []Return
	}{
		{"pain002_mixed.xml", []Return{
			{EndToEndID: "C-000042-2026-12", Status: "ACCP", AmountCents: 2850, Date: day("2026-12-05"), OriginalMsgID: msg, OriginalPmtInfID: rcur, Line: 16},
			{EndToEndID: "C-000043-2026-12", Status: "RJCT", Reason: "AM04", ReasonLabel: "provision insuffisante", AmountCents: 11230, Date: day("2026-12-05"), OriginalMsgID: msg, OriginalPmtInfID: rcur, Line: 24},
			{EndToEndID: "C-000044-2026-12", Status: "RJCT", Reason: "AC04", ReasonLabel: "compte clos", AmountCents: 900, Date: day("2026-12-07"), OriginalMsgID: msg, OriginalPmtInfID: rcur, Line: 35},
		}},
		{"pain002_group_rejected.xml", []Return{
			{Status: "RJCT", Reason: "FF01", ReasonLabel: "format de fichier non valide", Date: day("2026-12-07"), OriginalMsgID: "COURTIER-20261201-0002", Line: 8},
		}},
		{"pain002_batch_rejected.xml", []Return{
			{Status: "RJCT", Reason: "BE05", ReasonLabel: "identifiant du créancier (ICS) non reconnu", Date: day("2026-12-07"), OriginalMsgID: "COURTIER-20261201-0003", OriginalPmtInfID: "COURTIER-20261201-0003-FRST", Line: 12},
			{EndToEndID: "C-000045-2026-12", Status: "RJCT", Reason: "REFUS-BANQUE", ReasonLabel: "motif «\u00a0REFUS-BANQUE\u00a0» inconnu", Date: day("2026-12-07"), OriginalMsgID: "COURTIER-20261201-0003", OriginalPmtInfID: "COURTIER-20261201-0003-RCUR", Line: 21},
		}},
		{"camt054_returns.xml", []Return{
			{EndToEndID: "C-000046-2026-12", Status: "RJCT", Reason: "MD06", ReasonLabel: "remboursement demandé par le débiteur", AmountCents: 4500, Date: day("2026-12-09"), OriginalMsgID: msg, OriginalPmtInfID: rcur, Line: 20},
			{EndToEndID: "C-000047-2026-12", Status: "ACSC", AmountCents: 2500, Date: day("2026-12-05"), Line: 39},
			{EndToEndID: "C-000048-2026-12", Status: "ACSC", AmountCents: 3500, Date: day("2026-12-05"), Line: 43},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			f, err := os.Open("testdata/" + tt.file)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := ParseReturns(f)
			if err != nil {
				t.Fatalf("ParseReturns: %v", err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got\n%+v\nwant\n%+v", got, tt.want)
			}
		})
	}
}

// samplePain002 wraps transactions' reports in a pain.002.001.03 whose first
// TxInfAndSts starts on line 6.
func samplePain002(txs string) string {
	return `<?xml version="1.0"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt>
<GrpHdr><MsgId>M</MsgId><CreDtTm>2026-12-07T08:00:00</CreDtTm></GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>O</OrgnlMsgId><OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId></OrgnlGrpInfAndSts>
<OrgnlPmtInfAndSts><OrgnlPmtInfId>P</OrgnlPmtInfId>
` + txs + `
</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>
`
}

func TestParseReturnsRefuses(t *testing.T) {
	tests := []struct {
		name, file string
		line       int
		msg        string
	}{
		{"empty", "", 1, "aucun élément Document"},
		{"blank", "\n\n  \n", 4, "aucun élément Document"},
		{"not XML", "bonjour", 1, "texte hors de l’élément Document"},
		{"truncated", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId>")[:300], 5, "XML mal formé"},
		{"mismatched tags", "<Document>\n<CstmrPmtStsRpt>\n</Document>", 3, "XML mal formé"},
		{"other root", "<?xml version=\"1.0\"?>\n<html></html>", 2, "attendu Document"},
		{"other message", "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.008.001.02\">\n<CstmrDrctDbtInitn/></Document>", 2, "«\u00a0CstmrDrctDbtInitn\u00a0» non pris en charge"},
		{"other version", "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.002.001.10\">\n<CstmrPmtStsRpt/></Document>", 1, "pain.002.001.10 non pris en charge"},
		{"empty document", "<Document>\n</Document>", 2, "Document est vide"},
		{"doctype", "<?xml version=\"1.0\"?>\n<!DOCTYPE d [<!ENTITY a \"aaaa\">]>\n<Document/>", 2, "refusée"},
		{"entity", "<Document>\n<CstmrPmtStsRpt>&a;</CstmrPmtStsRpt></Document>", 2, "XML mal formé"},
		{"encoding", "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n<Document/>", 1, "encodage non pris en charge"},
		{"no group info", "<Document>\n<CstmrPmtStsRpt>\n</CstmrPmtStsRpt></Document>", 2, "OrgnlGrpInfAndSts"},
		{"no status at all", "<Document><CstmrPmtStsRpt>\n<OrgnlGrpInfAndSts><OrgnlMsgId>O</OrgnlMsgId></OrgnlGrpInfAndSts>\n</CstmrPmtStsRpt></Document>", 2, "sans statut"},
		{"report on a transfer", "<Document><CstmrPmtStsRpt>\n<OrgnlGrpInfAndSts>\n<OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId></OrgnlGrpInfAndSts></CstmrPmtStsRpt></Document>", 3, "pas sur un fichier de prélèvements"},
		{"no end-to-end id", samplePain002("<TxInfAndSts>\n<TxSts>RJCT</TxSts></TxInfAndSts>"), 6, "OrgnlEndToEndId"},
		{"no status", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId></TxInfAndSts>"), 6, "sans statut (TxSts)"},
		{"unknown status", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId>\n<TxSts>NOPE</TxSts></TxInfAndSts>"), 7, "statut «\u00a0NOPE\u00a0» inconnu"},
		{"partial transaction", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId>\n<TxSts>PART</TxSts></TxInfAndSts>"), 7, "statut «\u00a0PART\u00a0» inconnu"},
		{"bad reason", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts>\n<StsRsnInf><Rsn><Cd>am4</Cd></Rsn></StsRsnInf></TxInfAndSts>"), 7, "code motif «\u00a0am4\u00a0» illisible"},
		{"dollars", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts>\n<OrgnlTxRef><Amt><InstdAmt Ccy=\"USD\">10.00</InstdAmt></Amt></OrgnlTxRef></TxInfAndSts>"), 7, "seuls les euros"},
		{"bad amount", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts>\n<OrgnlTxRef><Amt><InstdAmt Ccy=\"EUR\">1e3</InstdAmt></Amt></OrgnlTxRef></TxInfAndSts>"), 7, "montant «\u00a01e3\u00a0» illisible"},
		{"fraction of a cent", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts>\n<OrgnlTxRef><Amt><InstdAmt Ccy=\"EUR\">10.001</InstdAmt></Amt></OrgnlTxRef></TxInfAndSts>"), 7, "fraction de centime"},
		{"huge amount", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts>\n<OrgnlTxRef><Amt><InstdAmt Ccy=\"EUR\">99999999999999999999</InstdAmt></Amt></OrgnlTxRef></TxInfAndSts>"), 7, "plafond"},
		{"bad date", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>RJCT</TxSts>\n<OrgnlTxRef><ReqdColltnDt>2026-02-30</ReqdColltnDt></OrgnlTxRef></TxInfAndSts>"), 7, "date «\u00a02026-02-30\u00a0» illisible"},
		{"second root", samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>") + "<Document/>", 8, "après la fin du document"},
		{"deep", "<Document><CstmrPmtStsRpt>\n" + strings.Repeat("<a>", maxDepth) + strings.Repeat("</a>", maxDepth) + "</CstmrPmtStsRpt></Document>", 2, "imbrication trop profonde"},
		{"long text", samplePain002("<TxInfAndSts><OrgnlEndToEndId>\n" + strings.Repeat("x", maxText+1) + "</OrgnlEndToEndId></TxInfAndSts>"), 6, "texte trop long"},
		{"camt without notification", "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.054.001.02\">\n<BkToCstmrDbtCdtNtfctn>\n</BkToCstmrDbtCdtNtfctn></Document>", 2, "Ntfctn"},
		{"camt entry without direction", "<Document><BkToCstmrDbtCdtNtfctn><Ntfctn>\n<Ntry><Amt Ccy=\"EUR\">1.00</Amt></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>", 2, "CdtDbtInd"},
		{"camt bad direction", "<Document><BkToCstmrDbtCdtNtfctn><Ntfctn><Ntry>\n<CdtDbtInd>UP</CdtDbtInd></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>", 2, "sens «\u00a0UP\u00a0» inconnu"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseReturns(strings.NewReader(tt.file))
			var re *ReturnError
			if !errors.As(err, &re) {
				t.Fatalf("got %v, %v; want a ReturnError", got, err)
			}
			if re.Line != tt.line || !strings.Contains(re.Message, tt.msg) {
				t.Errorf("got %q; want line %d and %q", err, tt.line, tt.msg)
			}
			if apperr.CodeOf(err) != apperr.EINVALID || apperr.MessageOf(err) != err.Error() {
				t.Errorf("code %q message %q", apperr.CodeOf(err), apperr.MessageOf(err))
			}
			if !strings.HasPrefix(err.Error(), "ligne ") {
				t.Errorf("message %q does not start with its line", err)
			}
		})
	}
}

func TestParseReturnsBounds(t *testing.T) {
	t.Run("size", func(t *testing.T) {
		big := samplePain002("<TxInfAndSts><OrgnlEndToEndId>E1</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>\n" + strings.Repeat("<!-- padding -->\n", MaxReturnFileBytes/17+1))
		_, err := ParseReturns(strings.NewReader(big))
		var re *ReturnError
		if !errors.As(err, &re) || !strings.Contains(re.Message, "trop volumineux") || re.Line < 1000 {
			t.Fatalf("got %v", err)
		}
	})
	t.Run("transactions", func(t *testing.T) {
		tx := "<TxInfAndSts><OrgnlEndToEndId>E</OrgnlEndToEndId><TxSts>ACCP</TxSts></TxInfAndSts>\n"
		_, err := ParseReturns(strings.NewReader(samplePain002(strings.Repeat(tx, MaxReturns+1))))
		var re *ReturnError
		if !errors.As(err, &re) || re.Line != 6+MaxReturns || !strings.Contains(re.Message, "transactions") {
			t.Fatalf("got %v", err)
		}
	})
}

func TestReasonLabel(t *testing.T) {
	for code, want := range map[string]string{
		"AM04": "provision insuffisante",
		"AC04": "compte clos",
		"MD06": "remboursement demandé par le débiteur",
		"MD01": "pas de mandat",
		"":     "motif non communiqué",
		"ZZ99": "motif «\u00a0ZZ99\u00a0» inconnu",
	} {
		if got := ReasonLabel(code); got != want {
			t.Errorf("ReasonLabel(%q) = %q, want %q", code, got, want)
		}
	}
	if !Representable("AM04") || Representable("AC04") || Representable("ZZ99") {
		t.Error("Representable: AM04 may be presented again, AC04 and unknown codes may not")
	}
}
