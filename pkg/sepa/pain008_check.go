package sepa

import (
	"errors"
	"fmt"
	"unicode"
	"unicode/utf8"

	"courtier/pkg/apperr"
)

// validate checks an Initiation whole before any XML is written, so a
// file is either right or not made; the first wrong input is reported.
func (in Initiation) validate() error {
	if err := checkID("msgId", "L’identifiant du message", in.MsgID); err != nil {
		return err
	}
	if in.Created.IsZero() {
		return apperr.FieldErrorf("created", "La date de création du fichier est obligatoire.")
	}
	if err := in.Creditor.validate(); err != nil {
		return err
	}
	if len(in.Transactions) == 0 {
		return apperr.FieldErrorf("transactions", "Le fichier ne contient aucun prélèvement.")
	}
	created := DateOf(in.Created)
	for i, tx := range in.Transactions {
		err := tx.validate(created)
		if err == nil {
			err = tx.checkAmendment(in.Creditor)
		}
		if err != nil {
			return inTransaction(i, tx.EndToEndID, err)
		}
	}
	return nil
}

// validate checks the creditor's name, account, bank and identifier.
func (c Creditor) validate() error {
	if ToLatin(c.Name) == "" {
		return apperr.FieldErrorf("creditor.name", "Le nom du créancier est obligatoire, en lettres latines.")
	}
	for _, err := range []error{
		checkIBAN("creditor.iban", c.IBAN),
		checkBIC("creditor.bic", c.BIC),
		checkCreditorID("creditor.ics", c.ID),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// validate checks one debit; created is the day the file is made, before
// which no debit can be collected.
func (tx Transaction) validate(created Date) error {
	switch {
	case tx.AmountCents <= 0:
		return apperr.FieldErrorf("amount", "Le montant doit être positif.")
	case tx.AmountCents > maxAmountCents:
		return apperr.FieldErrorf("amount", "Le montant dépasse 999\u202f999\u202f999,99\u00a0€, le plafond d’un prélèvement SEPA.")
	case !tx.SeqType.valid():
		return apperr.FieldErrorf("seqType", "Type de séquence inconnu «\u00a0%s\u00a0»\u00a0: attendu FRST, RCUR, FNAL ou OOFF.", tx.SeqType)
	case !tx.CollectionDate.Valid():
		return apperr.FieldErrorf("collectionDate", "La date d’échéance n’existe pas.")
	case tx.CollectionDate.Before(created):
		return apperr.FieldErrorf("collectionDate", "La date d’échéance %s est antérieure à la création du fichier.", tx.CollectionDate)
	case !tx.MandateSigned.Valid():
		return apperr.FieldErrorf("mandateSigned", "La date de signature du mandat n’existe pas.")
	case tx.CollectionDate.Before(tx.MandateSigned):
		return apperr.FieldErrorf("mandateSigned", "Le mandat est signé après la date d’échéance.")
	case ToLatin(tx.DebtorName) == "":
		return apperr.FieldErrorf("debtorName", "Le nom du débiteur est obligatoire, en lettres latines.")
	}
	for _, err := range []error{
		checkID("endToEndId", "La référence de bout en bout", tx.EndToEndID),
		checkID("mandateId", "La référence unique du mandat (RUM)", tx.MandateID),
		checkIBAN("debtorIban", tx.DebtorIBAN),
		checkBIC("debtorBic", tx.DebtorBIC),
	} {
		if err != nil {
			return err
		}
	}
	return nil
}

// checkAmendment checks the amendment of tx's mandate, if any, against
// the mandate as it is now (tx) and the creditor c: something changed,
// each original value is well formed and differs from the current one,
// and a change of bank is presented as a first debit, as the SEPA Core
// rulebook requires.
func (tx Transaction) checkAmendment(c Creditor) error {
	a := tx.Amendment
	if a == nil {
		return nil
	}
	switch {
	case *a == Amendment{}:
		return apperr.FieldErrorf("amendment", "La modification du mandat ne dit pas ce qui a changé.")
	case a.OriginalMandateID != "" && a.OriginalMandateID == tx.MandateID:
		return apperr.FieldErrorf("amendment.originalMandateId", "L’ancienne référence du mandat est celle d’aujourd’hui (%s) : rien n’a changé.", tx.MandateID)
	case a.OriginalCreditorID != "" && NormalizeCreditorID(a.OriginalCreditorID) == NormalizeCreditorID(c.ID):
		return apperr.FieldErrorf("amendment.originalCreditorId", "L’ancien identifiant créancier SEPA est celui d’aujourd’hui : rien n’a changé.")
	case a.OriginalCreditorName != "" && ToLatin(a.OriginalCreditorName) == "":
		return apperr.FieldErrorf("amendment.originalCreditorName", "L’ancien nom du créancier doit s’écrire en lettres latines.")
	case a.OriginalDebtorIBAN != "" && a.NewDebtorBank:
		return apperr.FieldErrorf("amendment.originalDebtorIban", "L’ancien compte ne se donne que pour un changement de compte dans la même banque ; un changement de banque (SMNDA) ne le donne pas.")
	case a.OriginalDebtorIBAN != "" && NormalizeIBAN(a.OriginalDebtorIBAN) == NormalizeIBAN(tx.DebtorIBAN):
		return apperr.FieldErrorf("amendment.originalDebtorIban", "L’ancien IBAN du débiteur est celui d’aujourd’hui : rien n’a changé.")
	case a.NewDebtorBank && tx.SeqType != First:
		return apperr.FieldErrorf("seqType", "Après un changement de banque du débiteur (SMNDA), le prélèvement se présente comme un premier (FRST), pas en %s.", tx.SeqType)
	}
	if a.OriginalMandateID != "" {
		if err := checkID("amendment.originalMandateId", "L’ancienne référence du mandat", a.OriginalMandateID); err != nil {
			return err
		}
	}
	if a.OriginalCreditorID != "" {
		if err := checkCreditorID("amendment.originalCreditorId", a.OriginalCreditorID); err != nil {
			return formerly("L’ancien identifiant créancier", err)
		}
	}
	if a.OriginalDebtorIBAN != "" {
		if err := checkIBAN("amendment.originalDebtorIban", a.OriginalDebtorIBAN); err != nil {
			return formerly("L’ancien IBAN du débiteur", err)
		}
	}
	return nil
}

// formerly says which former value a field error is about, since the
// checks of IBANs and identifiers speak of the value as if it were the
// current one: « L’ancien IBAN du débiteur : la clé… ».
func formerly(what string, err error) error {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return err
	}
	return apperr.FieldErrorf(e.Field, "%s : %s", what, lowerFirst(e.Message))
}

// inTransaction places a transaction's field error in the file: the field
// becomes "transactions.i.field" and the message names the debit, by its
// rank and its reference when that one is readable.
func inTransaction(i int, endToEndID string, err error) error {
	var e *apperr.Error
	if !errors.As(err, &e) {
		return err
	}
	which := fmt.Sprintf("Prélèvement n°\u00a0%d", i+1)
	if endToEndID != "" && checkID("", "", endToEndID) == nil {
		which += " (" + endToEndID + ")"
	}
	return apperr.FieldErrorf(fmt.Sprintf("transactions.%d.%s", i, e.Field), "%s\u00a0: %s", which, lowerFirst(e.Message))
}

// lowerFirst puts the first letter of a sentence in lower case, to follow
// a colon ("La clé" → "la clé"), unless the word is an acronym ("IBAN").
func lowerFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if next, _ := utf8.DecodeRuneInString(s[n:]); unicode.IsUpper(next) {
		return s
	}
	return string(unicode.ToLower(r)) + s[n:]
}
