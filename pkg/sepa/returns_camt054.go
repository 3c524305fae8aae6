package sepa

import (
	"encoding/xml"
	"strings"
)

// camt054 builds returns from a camt.054.001.02 debit/credit notification
// (BkToCstmrDbtCdtNtfctn): each entry (Ntry) booked on the broker's
// account lists its transactions (NtryDtls/TxDtls); a transaction with
// return information (RtrInf) is a returned debit, a credit without it a
// collected one. Transactions without an end-to-end reference (fees,
// transfers) are not the broker's debits and are left out.
type camt054 struct {
	out      []Return
	created  Date
	notices  int
	entry    entry
	tx       Return
	txAmount bool
	returned bool
}

// entry is the entry being read, its transactions kept until its end
// since its date may come after them.
type entry struct {
	line   int
	amount int64
	credit string // CRDT or DBIT
	status string // BOOK, PDNG, INFO
	day    Date
	value  Date
	txs    []Return
	count  int
}

const camtTx = "Ntfctn/Ntry/NtryDtls/TxDtls"

func (c *camt054) start(path string, line int, _ []xml.Attr) error {
	switch path {
	case "Ntfctn":
		c.notices++
	case "Ntfctn/Ntry":
		c.entry = entry{line: line}
	case camtTx:
		if len(c.out)+c.entry.count >= MaxReturns {
			return fail(line, "plus de %d transactions dans le fichier.", MaxReturns)
		}
		c.entry.count++
		c.tx, c.txAmount, c.returned = Return{Line: line}, false, false
	}
	return nil
}

func (c *camt054) end(path, text string, line int, attrs []xml.Attr) error {
	var err error
	switch path {
	case "GrpHdr/CreDtTm":
		c.created, err = parseDay(text, line)
	case "Ntfctn/Ntry/Amt":
		c.entry.amount, err = parseAmount(text, attrs, line)
	case "Ntfctn/Ntry/CdtDbtInd":
		if text != "CRDT" && text != "DBIT" {
			return fail(line, "sens «\u00a0%s\u00a0» inconnu (attendu CRDT ou DBIT).", clip(text, 10))
		}
		c.entry.credit = text
	case "Ntfctn/Ntry/Sts":
		c.entry.status = text
	case "Ntfctn/Ntry/BookgDt/Dt", "Ntfctn/Ntry/BookgDt/DtTm":
		c.entry.day, err = parseDay(text, line)
	case "Ntfctn/Ntry/ValDt/Dt", "Ntfctn/Ntry/ValDt/DtTm":
		c.entry.value, err = parseDay(text, line)
	case camtTx + "/Refs/EndToEndId":
		c.tx.EndToEndID = text
	case camtTx + "/Refs/MsgId":
		c.tx.OriginalMsgID = text
	case camtTx + "/Refs/PmtInfId":
		c.tx.OriginalPmtInfID = text
	case camtTx + "/AmtDtls/TxAmt/Amt", camtTx + "/AmtDtls/InstdAmt/Amt":
		if !c.txAmount {
			c.tx.AmountCents, err = parseAmount(text, attrs, line)
			c.txAmount = true
		}
	case camtTx + "/RtrInf":
		c.returned = true
	case camtTx + "/RtrInf/Rsn/Cd", camtTx + "/RtrInf/Rsn/Prtry":
		c.tx.Reason, err = parseReason(text, strings.HasSuffix(path, "/Cd"), line)
	case camtTx:
		c.endTx()
	case "Ntfctn/Ntry":
		return c.endEntry()
	}
	return err
}

// endTx keeps a transaction of the broker's until its entry ends.
func (c *camt054) endTx() {
	if c.tx.EndToEndID == "" || c.tx.EndToEndID == "NOTPROVIDED" {
		return
	}
	if c.returned {
		c.tx.Status = StatusRejected
	}
	c.entry.txs = append(c.entry.txs, c.tx)
}

// endEntry gives the entry's transactions their status, amount and day.
func (c *camt054) endEntry() error {
	e := c.entry
	if e.credit == "" {
		return fail(e.line, "écriture sans sens (CdtDbtInd).")
	}
	day := e.day
	if day.IsZero() {
		day = e.value
	}
	if day.IsZero() {
		day = c.created
	}
	for _, tx := range e.txs {
		switch {
		case tx.Status == StatusRejected:
		case e.credit == "DBIT":
			tx.Status = StatusRejected // a debit on the creditor's account is a return, even unexplained
		case e.status == "PDNG":
			tx.Status = StatusPending
		default:
			tx.Status = StatusSettled
		}
		if tx.Status == StatusRejected {
			tx.ReasonLabel = ReasonLabel(tx.Reason)
		}
		if tx.AmountCents == 0 && e.count == 1 {
			tx.AmountCents = e.amount
		}
		tx.Date = day
		c.out = append(c.out, tx)
	}
	return nil
}

func (c *camt054) finish(line int) error {
	if c.notices == 0 {
		return fail(line, "avis sans notification (Ntfctn).")
	}
	return nil
}

func (c *camt054) returns() []Return { return c.out }
