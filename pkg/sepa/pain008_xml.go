package sepa

import "encoding/xml"

// Pain008Namespace is the namespace of the pain.008.001.02 schema, the
// version of the ISO 20022 Customer Direct Debit Initiation that French
// banks take for SDD Core.
const Pain008Namespace = "urn:iso:std:iso:20022:tech:xsd:pain.008.001.02"

// The types below are the subset of the schema the export fills, in the
// schema's element order (its sequences are ordered: a bank's validator
// refuses an element out of place).

type xmlDocument struct {
	XMLName xml.Name    `xml:"urn:iso:std:iso:20022:tech:xsd:pain.008.001.02 Document"`
	Init    xmlInitiate `xml:"CstmrDrctDbtInitn"`
}

type xmlInitiate struct {
	GrpHdr xmlGroupHeader `xml:"GrpHdr"`
	PmtInf []xmlPmtInf    `xml:"PmtInf"`
}

type xmlGroupHeader struct {
	MsgID    string  `xml:"MsgId"`
	CreDtTm  string  `xml:"CreDtTm"`
	NbOfTxs  int     `xml:"NbOfTxs"`
	CtrlSum  string  `xml:"CtrlSum"`
	InitgPty xmlName `xml:"InitgPty"`
}

type xmlName struct {
	Nm string `xml:"Nm"`
}

type xmlPmtInf struct {
	PmtInfID     string       `xml:"PmtInfId"`
	PmtMtd       string       `xml:"PmtMtd"`
	NbOfTxs      int          `xml:"NbOfTxs"`
	CtrlSum      string       `xml:"CtrlSum"`
	PmtTpInf     xmlPmtTpInf  `xml:"PmtTpInf"`
	ReqdColltnDt string       `xml:"ReqdColltnDt"`
	Cdtr         xmlName      `xml:"Cdtr"`
	CdtrAcct     xmlAccount   `xml:"CdtrAcct"`
	CdtrAgt      xmlAgent     `xml:"CdtrAgt"`
	ChrgBr       string       `xml:"ChrgBr"`
	CdtrSchmeID  xmlSchemeID  `xml:"CdtrSchmeId"`
	DrctDbtTxInf []xmlDebitTx `xml:"DrctDbtTxInf"`
}

type xmlPmtTpInf struct {
	SvcLvl    xmlCode `xml:"SvcLvl"`
	LclInstrm xmlCode `xml:"LclInstrm"`
	SeqTp     string  `xml:"SeqTp"`
}

type xmlCode struct {
	Cd string `xml:"Cd"`
}

type xmlAccount struct {
	IBAN string `xml:"Id>IBAN"`
}

// xmlAgent is a bank: its BIC, or Othr/Id NOTPROVIDED when the IBAN alone
// is given, as the EPC guidelines say since BICs became optional.
type xmlAgent struct {
	BIC  string   `xml:"FinInstnId>BIC,omitempty"`
	Othr *xmlOthr `xml:"FinInstnId>Othr,omitempty"`
}

type xmlOthr struct {
	ID string `xml:"Id"`
}

type xmlSchemeID struct {
	ID    string `xml:"Id>PrvtId>Othr>Id"`
	Prtry string `xml:"Id>PrvtId>Othr>SchmeNm>Prtry"`
}

type xmlDebitTx struct {
	EndToEndID string    `xml:"PmtId>EndToEndId"`
	InstdAmt   xmlAmount `xml:"InstdAmt"`
	MndtID     string    `xml:"DrctDbtTx>MndtRltdInf>MndtId"`
	DtOfSgntr  string    `xml:"DrctDbtTx>MndtRltdInf>DtOfSgntr"`
	// AmdmntInd is "true" with the details of an amendment, left out
	// otherwise (the schema's default is false).
	AmdmntInd     string         `xml:"DrctDbtTx>MndtRltdInf>AmdmntInd,omitempty"`
	AmdmntInfDtls *xmlAmendment  `xml:"DrctDbtTx>MndtRltdInf>AmdmntInfDtls,omitempty"`
	DbtrAgt       xmlAgent       `xml:"DbtrAgt"`
	Dbtr          xmlName        `xml:"Dbtr"`
	DbtrAcct      xmlAccount     `xml:"DbtrAcct"`
	RmtInf        *xmlRemittance `xml:"RmtInf,omitempty"`
}

// xmlAmendment is AmendmentInformationDetails6, the fields the SEPA Core
// rulebook uses, in the schema's order.
type xmlAmendment struct {
	OrgnlMndtID      string               `xml:"OrgnlMndtId,omitempty"`
	OrgnlCdtrSchmeID *xmlOriginalCreditor `xml:"OrgnlCdtrSchmeId,omitempty"`
	OrgnlDbtrAcct    *xmlAccount          `xml:"OrgnlDbtrAcct,omitempty"`
	OrgnlDbtrAgt     *xmlAgent            `xml:"OrgnlDbtrAgt,omitempty"`
}

// xmlOriginalCreditor is the creditor a mandate was given to before a
// change: its name, its identifier, or both. The identifier is a pointer
// because encoding/xml, given an empty field under a path, still writes
// the path's empty parents, which the schema refuses.
type xmlOriginalCreditor struct {
	Nm string        `xml:"Nm,omitempty"`
	ID *xmlPrivateID `xml:"Id,omitempty"`
}

// xmlPrivateID is a creditor identifier under Id, as in CdtrSchmeId.
type xmlPrivateID struct {
	ID    string `xml:"PrvtId>Othr>Id"`
	Prtry string `xml:"PrvtId>Othr>SchmeNm>Prtry"`
}

// newDebtorBank is the code of OrgnlDbtrAgt when the debtor moved the
// mandate to another bank: « same mandate, new debtor agent ».
const newDebtorBank = "SMNDA"

// amendment returns the amendment indicator and details of a, none when a
// is nil.
func amendment(a *Amendment) (string, *xmlAmendment) {
	if a == nil {
		return "", nil
	}
	d := &xmlAmendment{OrgnlMndtID: a.OriginalMandateID}
	if a.OriginalCreditorID != "" || a.OriginalCreditorName != "" {
		d.OrgnlCdtrSchmeID = &xmlOriginalCreditor{Nm: latinText(a.OriginalCreditorName, maxNameLen)}
		if a.OriginalCreditorID != "" {
			d.OrgnlCdtrSchmeID.ID = &xmlPrivateID{ID: NormalizeCreditorID(a.OriginalCreditorID), Prtry: "SEPA"}
		}
	}
	if a.OriginalDebtorIBAN != "" {
		d.OrgnlDbtrAcct = &xmlAccount{IBAN: NormalizeIBAN(a.OriginalDebtorIBAN)}
	}
	if a.NewDebtorBank {
		d.OrgnlDbtrAgt = &xmlAgent{Othr: &xmlOthr{ID: newDebtorBank}}
	}
	return "true", d
}

type xmlRemittance struct {
	Ustrd string `xml:"Ustrd"`
}

type xmlAmount struct {
	Ccy   string `xml:"Ccy,attr"`
	Value string `xml:",chardata"`
}

// remittance returns the remittance element of text, none when it is empty.
func remittance(text string) *xmlRemittance {
	if text == "" {
		return nil
	}
	return &xmlRemittance{Ustrd: text}
}

// agent returns the agent element of a bank known by bic, maybe "".
func agent(bic string) xmlAgent {
	if bic == "" {
		return xmlAgent{Othr: &xmlOthr{ID: "NOTPROVIDED"}}
	}
	return xmlAgent{BIC: bic}
}
