// Package document makes the PDF documents of an insurance contract: the
// « Fiche d'information et de conseil », the « Conditions particulières »,
// the IPID, the SEPA mandate, the « Mémo Véhicule Assuré », the withdrawal
// letter model, the avenants that change a contract and the electronic
// signature's evidence file. It writes them
// in pure Go with folio (no browser, no service at run time), in Noto Sans
// embedded as a subset, and seals them with a PAdES signature.
//
// Inputs are plain structs; the same input and issue time give the same
// bytes, so a document's SHA-256 identifies it. The texts that belong to the
// broker or the insurer (clauses, mandate text, letter model) live in
// texts.json, embedded and replaceable by a file of the same shape.
package document
