package sepa

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"courtier/pkg/apperr"
)

// Bounds on a return file, so that a hostile or broken file cannot exhaust
// memory: a bank's daily report for the broker is a few hundred kilobytes.
const (
	// MaxReturnFileBytes is the largest return file read.
	MaxReturnFileBytes = 16 << 20
	// MaxReturns is the largest number of transactions one file may report.
	MaxReturns = 50_000
	maxDepth   = 32
	maxText    = 2048
)

// Statuses a Return carries, the ISO 20022 ExternalPaymentTransactionStatus1Code
// the bank reports. A camt.054 notification has none: a transaction with
// return information there is StatusRejected, a credit without one
// StatusSettled.
const (
	StatusAccepted          = "ACCP" // accepted: checks passed
	StatusAcceptedTechnical = "ACTC" // accepted after the technical checks only
	StatusAcceptedSettling  = "ACSP" // accepted, settlement in progress
	StatusSettled           = "ACSC" // accepted, settlement completed
	StatusAcceptedChange    = "ACWC" // accepted with a change
	StatusPending           = "PDNG" // pending
	StatusReceived          = "RCVD" // received
	StatusRejected          = "RJCT" // rejected or returned
	StatusCancelled         = "CANC" // cancelled
	statusPartial           = "PART" // some transactions accepted: group or batch only
)

// txStatuses are the statuses a transaction may carry.
var txStatuses = map[string]bool{
	StatusAccepted: true, StatusAcceptedTechnical: true, StatusAcceptedSettling: true,
	StatusSettled: true, StatusAcceptedChange: true, StatusPending: true,
	StatusReceived: true, StatusRejected: true, StatusCancelled: true,
}

// Return is what the bank reports about one debit the broker sent: its
// status and, for a refusal, the reason code with its French label.
type Return struct {
	// EndToEndID is the debit's end-to-end reference, as written in the
	// pain.008. It is empty when the status applies to a whole message
	// (OriginalMsgID) or a whole batch (OriginalPmtInfID) the bank rejected
	// or accepted without listing its transactions.
	EndToEndID string
	// Status is an ISO 20022 status code (StatusAccepted, StatusRejected…).
	Status string
	// Reason is the ISO 20022 reason code (AC04, AM04, MD06…), or the bank's
	// proprietary code; empty when the bank gives none.
	Reason string
	// ReasonLabel is the reason in French (ReasonLabel(Reason)).
	ReasonLabel string
	// AmountCents is the debit's amount in euro cents, 0 when not reported.
	AmountCents int64
	// Date is the day the report gives for the debit: its requested
	// collection date in a pain.002 (else the report's day), its booking
	// day in a camt.054.
	Date Date
	// OriginalMsgID and OriginalPmtInfID name the pain.008 message and
	// batch the debit came in, when the report gives them.
	OriginalMsgID    string
	OriginalPmtInfID string
	// Line is the line of the file where this transaction's report starts,
	// so that a return matching no debit can be reported where it is.
	Line int
}

// Rejected reports whether the debit was refused or returned.
func (r Return) Rejected() bool { return r.Status == StatusRejected }

// ReturnError is why a return file is refused, and the line where.
type ReturnError struct {
	Line    int
	Message string
}

// Error writes the fault with its line, in French: « ligne 12 : … ».
func (e *ReturnError) Error() string {
	return fmt.Sprintf("ligne %d\u00a0: %s", e.Line, e.Message)
}

// Unwrap classifies the refusal as invalid input for the house's error
// model, with the line in its French message.
func (e *ReturnError) Unwrap() error {
	return apperr.Errorf(apperr.EINVALID, "%s", e.Error())
}

// ParseReturns reads a bank's return file: a pain.002.001.03 payment
// status report or a camt.054.001.02 debit/credit notification, and
// returns the status of each debit it reports, in the file's order. A file
// that is not well-formed XML, is neither message, lacks what the broker
// needs or passes the bounds (MaxReturnFileBytes, MaxReturns, depth) is
// refused whole with a *ReturnError naming its line.
func ParseReturns(r io.Reader) ([]Return, error) {
	w := newWalker(&boundedReader{r: r, left: MaxReturnFileBytes})
	root, line, err := w.root()
	if err != nil {
		return nil, err
	}
	var h handler
	switch root {
	case "CstmrPmtStsRpt":
		h = &pain002{}
	case "BkToCstmrDbtCdtNtfctn":
		h = &camt054{}
	default:
		return nil, &ReturnError{line, fmt.Sprintf("message «\u00a0%s\u00a0» non pris en charge\u00a0: attendu un rapport de statut pain.002.001.03 ou un avis camt.054.001.02.", root)}
	}
	if err := w.walk(h); err != nil {
		return nil, err
	}
	return h.returns(), nil
}

// errTooBig is what boundedReader returns past MaxReturnFileBytes.
var errTooBig = errors.New("return file too big")

// boundedReader reads at most left bytes, then fails with errTooBig.
type boundedReader struct {
	r    io.Reader
	left int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		return 0, errTooBig
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// namespaces are the message versions understood, by root element.
var namespaces = map[string]string{
	"CstmrPmtStsRpt":        "urn:iso:std:iso:20022:tech:xsd:pain.002.001.03",
	"BkToCstmrDbtCdtNtfctn": "urn:iso:std:iso:20022:tech:xsd:camt.054.001.02",
}

// versionOf names the message of an ISO 20022 namespace ("pain.002.001.10").
func versionOf(ns string) string {
	return strings.TrimPrefix(ns, "urn:iso:std:iso:20022:tech:xsd:")
}
