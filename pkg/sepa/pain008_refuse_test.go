package sepa

import (
	"strings"
	"testing"
	"time"
)

func TestPain008Refuses(t *testing.T) {
	tests := []struct {
		name   string
		change func(in *Initiation)
		field  string
		want   string // a fragment of the message
	}{
		{"no transactions", func(in *Initiation) { in.Transactions = nil },
			"transactions", "Le fichier ne contient aucun prélèvement."},
		{"no message id", func(in *Initiation) { in.MsgID = "" },
			"msgId", "L’identifiant du message est obligatoire."},
		{"message id too long", func(in *Initiation) { in.MsgID = strings.Repeat("M", 36) },
			"msgId", "ne peut dépasser 35 caractères (36 ici)"},
		{"no creation time", func(in *Initiation) { in.Created = time.Time{} },
			"created", "La date de création du fichier est obligatoire."},
		{"creditor without name", func(in *Initiation) { in.Creditor.Name = " 東京 " },
			"creditor.name", "Le nom du créancier est obligatoire"},
		{"creditor's IBAN", func(in *Initiation) { in.Creditor.IBAN = "FR7630006000011234567890188" },
			"creditor.iban", "La clé de contrôle de l’IBAN est fausse"},
		{"creditor's ICS", func(in *Initiation) { in.Creditor.ID = "FR79ZZZ424242" },
			"creditor.ics", "La clé de contrôle de l’identifiant créancier SEPA est fausse"},
		{"creditor's BIC", func(in *Initiation) { in.Creditor.BIC = "AGRIFRPP88" },
			"creditor.bic", "Un BIC compte 8 ou 11 caractères"},
		{"zero amount", func(in *Initiation) { in.Transactions[1].AmountCents = 0 },
			"transactions.1.amount", "Prélèvement n°\u00a02 (CTR-00000007-2026-01)\u00a0: le montant doit être positif."},
		{"negative amount", func(in *Initiation) { in.Transactions[0].AmountCents = -4210 },
			"transactions.0.amount", "le montant doit être positif"},
		{"over the scheme's ceiling", func(in *Initiation) { in.Transactions[0].AmountCents = 100_000_000_000 },
			"transactions.0.amount", "le plafond d’un prélèvement SEPA"},
		{"debtor's IBAN key", func(in *Initiation) { in.Transactions[2].DebtorIBAN = "GB83WEST12345698765432" },
			"transactions.2.debtorIban", "Prélèvement n°\u00a03 (CTR-00000009-2026)\u00a0: la clé de contrôle de l’IBAN est fausse\u00a0: vérifiez-le."},
		{"debtor's IBAN out of SEPA", func(in *Initiation) { in.Transactions[2].DebtorIBAN = "US64SVBKUS6S3300958879" },
			"transactions.2.debtorIban", "le pays de cet IBAN (US) n’est pas dans la zone SEPA"},
		{"debtor's BIC", func(in *Initiation) { in.Transactions[0].DebtorBIC = "COBA" },
			"transactions.0.debtorBic", "un BIC compte 8 ou 11 caractères"},
		{"no debtor name", func(in *Initiation) { in.Transactions[0].DebtorName = "" },
			"transactions.0.debtorName", "le nom du débiteur est obligatoire"},
		{"unknown sequence type", func(in *Initiation) { in.Transactions[0].SeqType = "FIRST" },
			"transactions.0.seqType", "type de séquence inconnu «\u00a0FIRST\u00a0»"},
		{"collection date that does not exist", func(in *Initiation) { in.Transactions[0].CollectionDate = Date{2026, 2, 30} },
			"transactions.0.collectionDate", "la date d’échéance n’existe pas"},
		{"collection date before the file", func(in *Initiation) { in.Transactions[0].CollectionDate = Date{2026, 1, 4} },
			"transactions.0.collectionDate", "la date d’échéance 2026-01-04 est antérieure à la création du fichier"},
		{"no signature date", func(in *Initiation) { in.Transactions[0].MandateSigned = Date{} },
			"transactions.0.mandateSigned", "la date de signature du mandat n’existe pas"},
		{"signed after the debit", func(in *Initiation) { in.Transactions[0].MandateSigned = Date{2026, 1, 21} },
			"transactions.0.mandateSigned", "le mandat est signé après la date d’échéance"},
		{"no mandate id", func(in *Initiation) { in.Transactions[3].MandateID = "" },
			"transactions.3.mandateId", "la référence unique du mandat (RUM) est obligatoire"},
		{"mandate id with an accent", func(in *Initiation) { in.Transactions[3].MandateID = "CRÉANCE-8" },
			"transactions.3.mandateId", "que des lettres sans accents"},
		{"no end-to-end id: the debit is named by its rank", func(in *Initiation) { in.Transactions[3].EndToEndID = "" },
			"transactions.3.endToEndId", "Prélèvement n°\u00a04\u00a0: la référence de bout en bout est obligatoire."},
		{"end-to-end id with //", func(in *Initiation) { in.Transactions[3].EndToEndID = "A//B" },
			"transactions.3.endToEndId", "Prélèvement n°\u00a04\u00a0: la référence de bout en bout ne peut ni commencer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := fixture()
			tt.change(&in)
			out, err := Pain008(in)
			field, msg := fieldError(t, err)
			if out != nil || field != tt.field || !strings.Contains(msg, tt.want) {
				t.Errorf("Pain008 = %d bytes, %s %q, want %s %q", len(out), field, msg, tt.field, tt.want)
			}
		})
	}
}

func TestPain008Limits(t *testing.T) {
	in := fixture()
	in.MsgID = strings.Repeat("M", 35)
	in.Creditor.Name = strings.Repeat("É", 80)
	in.Creditor.BIC = ""
	in.Transactions[0].DebtorName = strings.Repeat("ç", 71)
	in.Transactions[0].Remittance = strings.Repeat("à", 141)
	out, err := Pain008(in)
	if err != nil {
		t.Fatal(err)
	}
	s := string(out)
	for _, want := range []string{
		"<PmtInfId>" + strings.Repeat("M", 33) + "-1</PmtInfId>",
		"<Nm>" + strings.Repeat("E", 70) + "</Nm>",
		"<Nm>" + strings.Repeat("c", 70) + "</Nm>",
		"<Ustrd>" + strings.Repeat("a", 140) + "</Ustrd>",
		"<CdtrAgt>\n        <FinInstnId>\n          <Othr>\n            <Id>NOTPROVIDED</Id>",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the export lacks %q", want)
		}
	}
}
