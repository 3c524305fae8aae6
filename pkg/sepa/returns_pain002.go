package sepa

import (
	"encoding/xml"
	"strings"
)

// pain002 builds returns from a pain.002.001.03 payment status report
// (CstmrPmtStsRpt): a group status for the original message, a status per
// batch and per transaction, each with its reasons (StsRsnInf).
type pain002 struct {
	out []Return

	created  Date   // GrpHdr/CreDtTm
	msgID    string // OrgnlGrpInfAndSts/OrgnlMsgId
	groupAt  int    // line of OrgnlGrpInfAndSts, 0 before it
	group    status
	batches  int
	batch    status
	batchID  string
	batchTxs int
	batchAt  int

	tx    Return
	txSt  status
	txSeq int
}

// status is a status and its first reason, at one level of the report.
type status struct{ code, reason string }

func (p *pain002) start(path string, line int, _ []xml.Attr) error {
	switch path {
	case "OrgnlGrpInfAndSts":
		p.groupAt = line
	case "OrgnlPmtInfAndSts":
		p.batches++
		p.batch, p.batchID, p.batchTxs, p.batchAt = status{}, "", 0, line
	case "OrgnlPmtInfAndSts/TxInfAndSts":
		if len(p.out) >= MaxReturns {
			return fail(line, "plus de %d transactions dans le fichier.", MaxReturns)
		}
		p.batchTxs++
		p.tx, p.txSt = Return{Line: line, OriginalMsgID: p.msgID, OriginalPmtInfID: p.batchID}, status{}
	}
	return nil
}

func (p *pain002) end(path, text string, line int, attrs []xml.Attr) error {
	switch {
	case path == "GrpHdr/CreDtTm":
		d, err := parseDay(text, line)
		p.created = d
		return err
	case path == "OrgnlGrpInfAndSts/OrgnlMsgId":
		p.msgID = text
	case path == "OrgnlGrpInfAndSts/OrgnlMsgNmId":
		if !strings.HasPrefix(text, "pain.008") {
			return fail(line, "le rapport porte sur un message «\u00a0%s\u00a0», pas sur un fichier de prélèvements pain.008.", clip(text, 40))
		}
	case path == "OrgnlGrpInfAndSts/GrpSts":
		return p.group.setCode(text, line, true)
	case path == "OrgnlPmtInfAndSts/OrgnlPmtInfId":
		p.batchID = text
	case path == "OrgnlPmtInfAndSts/PmtInfSts":
		return p.batch.setCode(text, line, true)
	case path == "OrgnlPmtInfAndSts/TxInfAndSts/OrgnlEndToEndId":
		p.tx.EndToEndID = text
	case path == "OrgnlPmtInfAndSts/TxInfAndSts/TxSts":
		return p.txSt.setCode(text, line, false)
	case path == "OrgnlPmtInfAndSts/TxInfAndSts/OrgnlTxRef/Amt/InstdAmt":
		cents, err := parseAmount(text, attrs, line)
		p.tx.AmountCents = cents
		return err
	case path == "OrgnlPmtInfAndSts/TxInfAndSts/OrgnlTxRef/ReqdColltnDt":
		d, err := parseDay(text, line)
		p.tx.Date = d
		return err
	case strings.HasSuffix(path, "/StsRsnInf/Rsn/Cd"), strings.HasSuffix(path, "/StsRsnInf/Rsn/Prtry"):
		return p.reason(path, text, line)
	case path == "OrgnlPmtInfAndSts/TxInfAndSts":
		return p.endTx(line)
	case path == "OrgnlPmtInfAndSts":
		return p.endBatch()
	}
	return nil
}

// reason records a reason code at the level it belongs to.
func (p *pain002) reason(path, text string, line int) error {
	code, err := parseReason(text, strings.HasSuffix(path, "/Cd"), line)
	if err != nil {
		return err
	}
	var s *status
	switch strings.TrimSuffix(strings.TrimSuffix(path, "/StsRsnInf/Rsn/Cd"), "/StsRsnInf/Rsn/Prtry") {
	case "OrgnlGrpInfAndSts":
		s = &p.group
	case "OrgnlPmtInfAndSts":
		s = &p.batch
	case "OrgnlPmtInfAndSts/TxInfAndSts":
		s = &p.txSt
	default:
		return nil
	}
	if s.reason == "" {
		s.reason = code
	}
	return nil
}

// endTx checks a transaction's report and adds it; a transaction without
// its own status or reason takes its batch's, then its group's.
func (p *pain002) endTx(line int) error {
	tx := p.tx
	if tx.EndToEndID == "" {
		return fail(tx.Line, "transaction sans référence de bout en bout (OrgnlEndToEndId).")
	}
	st := p.txSt.inherit(p.batch).inherit(p.group)
	if st.code == "" {
		return fail(tx.Line, "transaction %s sans statut (TxSts).", clip(tx.EndToEndID, 35))
	}
	if !txStatuses[st.code] {
		return fail(tx.Line, "statut «\u00a0%s\u00a0» impossible pour une transaction.", st.code)
	}
	p.add(tx, st)
	return nil
}

// endBatch adds a batch reported without its transactions as one return
// with no end-to-end reference: its status covers the whole batch.
func (p *pain002) endBatch() error {
	if p.batchTxs > 0 {
		return nil
	}
	st := p.batch.inherit(p.group)
	if st.code == "" {
		return fail(p.batchAt, "lot sans statut (PmtInfSts) ni transaction.")
	}
	p.add(Return{Line: p.batchAt, OriginalMsgID: p.msgID, OriginalPmtInfID: p.batchID}, st)
	return nil
}

func (p *pain002) finish(line int) error {
	if p.groupAt == 0 {
		return fail(line, "rapport sans informations sur le message d’origine (OrgnlGrpInfAndSts).")
	}
	if p.batches == 0 {
		if p.group.code == "" {
			return fail(p.groupAt, "rapport sans statut (GrpSts) ni lot.")
		}
		p.add(Return{Line: p.groupAt, OriginalMsgID: p.msgID}, p.group)
	}
	return nil
}

func (p *pain002) returns() []Return { return p.out }

// add completes a return with its status, reason and date.
func (p *pain002) add(r Return, st status) {
	r.Status = st.code
	if st.code == StatusRejected || st.code == StatusCancelled {
		r.Reason = st.reason
		r.ReasonLabel = ReasonLabel(st.reason)
	}
	if r.Date.IsZero() {
		r.Date = p.created
	}
	p.out = append(p.out, r)
}

// setCode records a status code; PART is only for a group or a batch.
func (s *status) setCode(text string, line int, groupOrBatch bool) error {
	if !txStatuses[text] && !(groupOrBatch && text == statusPartial) {
		return fail(line, "statut «\u00a0%s\u00a0» inconnu (attendu ACCP, ACTC, ACSP, ACSC, ACWC, PDNG, RCVD, RJCT, CANC ou PART).", clip(text, 10))
	}
	s.code = text
	return nil
}

// inherit fills what s lacks from the level above, PART giving nothing
// to a transaction that says nothing.
func (s status) inherit(up status) status {
	if s.code == "" && up.code != statusPartial {
		s.code = up.code
	}
	if s.reason == "" && s.code == up.code {
		s.reason = up.reason
	}
	return s
}
