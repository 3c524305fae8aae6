package contract

import "courtier/pkg/desk"

// The prefixes of the references a contract gives: its number
// (CT-2026-000123), its SEPA mandate's unique reference (CTR-00000042) and
// its signature's evidence file (SIG-CT-2026-000123). Clients find them in
// their mails and PDFs and quote them, so no other series may take them
// (desk.CheckPrefixes). They are stored whole: a new prefix would number
// only what comes next, and clients would then hold two forms of one series.
const (
	NumberPrefix   = "CT"
	MandatePrefix  = "CTR"
	EvidencePrefix = "SIG"
)

// Series lists the references contracts give, for desk.CheckPrefixes.
func Series() []desk.Series {
	return []desk.Series{
		{Prefix: NumberPrefix, What: "contrats"},
		{Prefix: MandatePrefix, What: "mandats de prélèvement SEPA (RUM)"},
		{Prefix: EvidencePrefix, What: "fichiers de preuve de signature"},
		{Prefix: IncidentPrefix, What: "références de virement des impayés"},
	}
}
