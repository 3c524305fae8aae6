package sepa

import (
	"cmp"
	"encoding/xml"
	"fmt"
	"slices"
	"time"
)

// Length limits of the texts of a pain.008 (Max70Text, Max140Text).
const (
	maxNameLen       = 70
	maxRemittanceLen = 140
)

// Creditor is the company that collects: its name, its account, its bank's
// BIC (optional) and its SEPA creditor identifier (ICS).
type Creditor struct {
	Name string
	IBAN string
	BIC  string
	ID   string
}

// Transaction is one debit to collect under a signed mandate.
type Transaction struct {
	// EndToEndID is the creditor's reference of the debit, given back to
	// it on a reject or a refund: 35 characters of the SEPA Latin set.
	EndToEndID    string
	AmountCents   int64
	MandateID     string // the mandate's RUM
	MandateSigned Date
	DebtorName    string
	DebtorIBAN    string
	DebtorBIC     string // optional
	Remittance    string // the text on the debtor's statement, optional
	SeqType       SeqType
	// CollectionDate is the requested collection date, the due date the
	// debtor was pre-notified of.
	CollectionDate Date
	// Amendment is what changed in the mandate since the last debit
	// collected under it, nil when nothing did. The SEPA rulebook has the
	// first debit after a change carry it: the mandate stays the same
	// mandate (no new signature) and the debtor's bank learns what it was.
	Amendment *Amendment
}

// Amendment is the amendment of a mandate as the SEPA Core rulebook lets a
// creditor write it in the next debit (AmdmntInd true and AmdmntInfDtls):
// only the fields of what changed are set, at least one.
type Amendment struct {
	// OriginalMandateID is the mandate's reference (RUM) before it
	// changed (OrgnlMndtId), "" when it did not.
	OriginalMandateID string
	// OriginalCreditorID is the creditor identifier (ICS) the mandate was
	// given under before it changed (OrgnlCdtrSchmeId/Id), "" when it did
	// not; OriginalCreditorName is the creditor's name before it changed
	// (OrgnlCdtrSchmeId/Nm), "" when it did not.
	OriginalCreditorID   string
	OriginalCreditorName string
	// OriginalDebtorIBAN is the debtor's account before it changed to
	// another account of the same bank (OrgnlDbtrAcct), "" when it did not.
	OriginalDebtorIBAN string
	// NewDebtorBank says the debtor moved the mandate to another bank
	// (OrgnlDbtrAgt/FinInstnId/Othr/Id « SMNDA », same mandate new debtor
	// agent): the new bank has never seen the mandate, so the debit must be
	// presented as a first one (FRST), and the old account is not given.
	NewDebtorBank bool
}

// Initiation is one pain.008 file: a message of direct debits for one
// creditor, created at Created (written in Created's own location, without
// an offset, as French banks' examples do: pass Europe/Paris time).
type Initiation struct {
	MsgID        string
	Created      time.Time
	Creditor     Creditor
	Transactions []Transaction
}

// Pain008 writes the pain.008.001.02 XML of in, after checking every
// input: one PmtInf per (sequence type, collection date), ordered by date
// then FRST, RCUR, FNAL, OOFF, its transactions in their given order;
// names and texts transliterated to the SEPA Latin set and cut to their
// limits; amounts from cents, never floats. A wrong input is an apperr
// field error ("transactions.2.debtorIban"…) with a French message.
func Pain008(in Initiation) ([]byte, error) {
	if err := in.validate(); err != nil {
		return nil, err
	}
	c := in.Creditor
	doc := xmlDocument{Init: xmlInitiate{GrpHdr: xmlGroupHeader{
		MsgID:    in.MsgID,
		CreDtTm:  in.Created.Format("2006-01-02T15:04:05"),
		NbOfTxs:  len(in.Transactions),
		CtrlSum:  FormatCents(sumCents(in.Transactions)),
		InitgPty: xmlName{Nm: latinText(c.Name, maxNameLen)},
	}}}
	for i, group := range groups(in.Transactions) {
		first := group[0]
		pmt := xmlPmtInf{
			PmtInfID: paymentID(in.MsgID, i+1),
			PmtMtd:   "DD",
			NbOfTxs:  len(group),
			CtrlSum:  FormatCents(sumCents(group)),
			PmtTpInf: xmlPmtTpInf{
				SvcLvl:    xmlCode{Cd: "SEPA"},
				LclInstrm: xmlCode{Cd: "CORE"},
				SeqTp:     string(first.SeqType),
			},
			ReqdColltnDt: first.CollectionDate.String(),
			Cdtr:         xmlName{Nm: latinText(c.Name, maxNameLen)},
			CdtrAcct:     xmlAccount{IBAN: NormalizeIBAN(c.IBAN)},
			CdtrAgt:      agent(NormalizeBIC(c.BIC)),
			ChrgBr:       "SLEV",
			CdtrSchmeID:  xmlSchemeID{ID: NormalizeCreditorID(c.ID), Prtry: "SEPA"},
		}
		for _, tx := range group {
			indicator, details := amendment(tx.Amendment)
			pmt.DrctDbtTxInf = append(pmt.DrctDbtTxInf, xmlDebitTx{
				EndToEndID:    tx.EndToEndID,
				InstdAmt:      xmlAmount{Ccy: "EUR", Value: FormatCents(tx.AmountCents)},
				MndtID:        tx.MandateID,
				DtOfSgntr:     tx.MandateSigned.String(),
				AmdmntInd:     indicator,
				AmdmntInfDtls: details,
				DbtrAgt:       agent(NormalizeBIC(tx.DebtorBIC)),
				Dbtr:          xmlName{Nm: latinText(tx.DebtorName, maxNameLen)},
				DbtrAcct:      xmlAccount{IBAN: NormalizeIBAN(tx.DebtorIBAN)},
				RmtInf:        remittance(latinText(tx.Remittance, maxRemittanceLen)),
			})
		}
		doc.Init.PmtInf = append(doc.Init.PmtInf, pmt)
	}
	out, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, fmt.Errorf("pain.008: %w", err)
	}
	return append([]byte(xml.Header), append(out, '\n')...), nil
}

// groups splits txs by (sequence type, collection date), each group in the
// order of txs, the groups by date then sequence type.
func groups(txs []Transaction) [][]Transaction {
	type key struct {
		seq  SeqType
		date Date
	}
	index := map[key]int{}
	var out [][]Transaction
	for _, tx := range txs {
		k := key{tx.SeqType, tx.CollectionDate}
		i, ok := index[k]
		if !ok {
			i = len(out)
			index[k] = i
			out = append(out, nil)
		}
		out[i] = append(out[i], tx)
	}
	slices.SortStableFunc(out, func(a, b []Transaction) int {
		if da, db := a[0].CollectionDate, b[0].CollectionDate; da != db {
			if da.Before(db) {
				return -1
			}
			return 1
		}
		return cmp.Compare(seqRank(a[0].SeqType), seqRank(b[0].SeqType))
	})
	return out
}

// seqRank orders the sequence types as a mandate's life goes.
func seqRank(s SeqType) int {
	return slices.Index([]SeqType{First, Recurrent, Final, OneOff}, s)
}

// paymentID names the n-th PmtInf after the message, cutting the message
// id if needed to stay within 35 characters.
func paymentID(msgID string, n int) string {
	suffix := fmt.Sprintf("-%d", n)
	return msgID[:min(len(msgID), maxIDLen-len(suffix))] + suffix
}

// sumCents adds the amounts of txs.
func sumCents(txs []Transaction) int64 {
	var sum int64
	for _, tx := range txs {
		sum += tx.AmountCents
	}
	return sum
}
