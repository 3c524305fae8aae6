package contracttest

import (
	"fmt"
	"strings"

	"courtier/pkg/sepa"
)

// Status is one transaction of a bank's status report: the debit's
// end-to-end id, its status (sepa.StatusRejected…), the reason code of a
// rejection, and its amount in cents (0 to leave it out).
type Status struct {
	EndToEndID  string
	Status      string
	Reason      string
	AmountCents int64
}

// Pain002 is a pain.002.001.03 status report of the bank about the
// pain.008 file msgID, as a French bank sends it, each transaction in a
// block of 6 lines: the i-th (from 0) starts on line 14 + 6 × i.
func Pain002(msgID string, txs ...Status) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr>
      <MsgId>BANQUE-STS-1</MsgId>
      <CreDtTm>2026-03-12T08:15:00</CreDtTm>
    </GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>` + msgID + `</OrgnlMsgId>
      <OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
    </OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>` + msgID + `-1</OrgnlPmtInfId>
`)
	for _, t := range txs {
		reason, amount := "        <StsRsnInf></StsRsnInf>\n", "        <OrgnlTxRef></OrgnlTxRef>\n"
		if t.Reason != "" {
			reason = "        <StsRsnInf><Rsn><Cd>" + t.Reason + "</Cd></Rsn></StsRsnInf>\n"
		}
		if t.AmountCents != 0 {
			amount = "        <OrgnlTxRef><Amt><InstdAmt Ccy=\"EUR\">" + sepa.FormatCents(t.AmountCents) + "</InstdAmt></Amt></OrgnlTxRef>\n"
		}
		fmt.Fprintf(&b, "      <TxInfAndSts>\n        <OrgnlEndToEndId>%s</OrgnlEndToEndId>\n        <TxSts>%s</TxSts>\n%s%s      </TxInfAndSts>\n",
			t.EndToEndID, t.Status, reason, amount)
	}
	b.WriteString("    </OrgnlPmtInfAndSts>\n  </CstmrPmtStsRpt>\n</Document>\n")
	return b.String()
}

// GroupRejected is a pain.002.001.03 report rejecting the whole pain.008
// file msgID for reason, without listing its transactions.
func GroupRejected(msgID, reason string) string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr>
      <MsgId>BANQUE-STS-2</MsgId>
      <CreDtTm>2026-03-12T08:15:00</CreDtTm>
    </GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>` + msgID + `</OrgnlMsgId>
      <OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
      <GrpSts>RJCT</GrpSts>
      <StsRsnInf><Rsn><Cd>` + reason + `</Cd></Rsn></StsRsnInf>
    </OrgnlGrpInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`
}

// BatchRejected is a pain.002.001.03 report rejecting the batch (PmtInf)
// n of the pain.008 file msgID for reason, without listing its
// transactions; the batch starts on line 12.
func BatchRejected(msgID string, n int, reason string) string {
	return fmt.Sprintf(`<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03">
  <CstmrPmtStsRpt>
    <GrpHdr>
      <MsgId>BANQUE-STS-3</MsgId>
      <CreDtTm>2026-03-12T08:15:00</CreDtTm>
    </GrpHdr>
    <OrgnlGrpInfAndSts>
      <OrgnlMsgId>%[1]s</OrgnlMsgId>
      <OrgnlMsgNmId>pain.008.001.02</OrgnlMsgNmId>
    </OrgnlGrpInfAndSts>
    <OrgnlPmtInfAndSts>
      <OrgnlPmtInfId>%[1]s-%[2]d</OrgnlPmtInfId>
      <PmtInfSts>RJCT</PmtInfSts>
      <StsRsnInf><Rsn><Cd>%[3]s</Cd></Rsn></StsRsnInf>
    </OrgnlPmtInfAndSts>
  </CstmrPmtStsRpt>
</Document>
`, msgID, n, reason)
}
