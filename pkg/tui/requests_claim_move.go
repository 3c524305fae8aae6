package tui

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"courtier/pkg/apperr"
	"courtier/pkg/claim"
	"courtier/pkg/pricing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// A claim's next step from the request view, as the web desk's « Faire
// avancer le sinistre » takes it: s lists the moves the service allows
// from where the claim stands (claim.StaffClaim.Moves), then the field
// the move needs (the insurer's number, the missing piece, the amount,
// the reason), an optional word to the client, and a confirmation, since
// the client is e-mailed at once. claim.Service.Move decides, as for
// POST /api/desk/requests/{id}/claim/status.

// claimMoveDraft is the move being typed. It keeps what it needs of the
// claim as it was when s was pressed: a refresh may replace the open
// request (or fail to read it) while the move is typed, and the service
// judges the move against the claim as it stands when it is sent.
type claimMoveDraft struct {
	ref, from, insurerRef string
	// choices are the moves offered by the list.
	choices []claim.Move
	move    claim.Move
	in      claim.MoveInput
}

// claimNeeds are, for each field a move needs, its name (the web desk's
// label), the line it is typed on, the web desk's hint under it, what the
// web desk says when it is left empty, and the claim form's bound it is
// checked against.
var claimNeeds = map[string]struct{ label, prompt, hint, missing, bound string }{
	"insurerRef": {"N° de sinistre de l’assureur", "N° de sinistre de l’assureur\u00a0: ",
		"Il figure sur l’accusé de réception de l’assureur\u00a0; le client le lit dans son dossier.",
		"Donnez le numéro de sinistre que l’assureur a attribué.", "insurerRef"},
	"asked": {"Pièce demandée au client", "Pièce demandée au client\u00a0: ",
		"Le client la lit telle quelle dans «\u00a0Mes sinistres\u00a0» et par e-mail\u00a0: soyez précis (document, date, format).",
		"Dites au client quelle pièce il doit envoyer.", "asked"},
	"amountCents": {"Montant de l’indemnité", "Montant de l’indemnité (€)\u00a0: ", "En euros, par exemple 1\u00a0250,50.",
		"Donnez le montant de l’indemnité, en euros.", ""},
	"reason": {"Motif du refus", "Motif du refus\u00a0: ",
		"Le paragraphe sur le médiateur de l’assurance est ajouté automatiquement au message du client.",
		"Donnez le motif du refus de l’assureur.", "reason"},
}

// notePrompt is the line of the optional word to the client.
const notePrompt = "Mot au client (facultatif)\u00a0: "

// claimMoves are the moves the actor may make on the open claim: none
// when it is not a claim, or when the actor may not work it (not taken,
// read-only).
func (m *requestsScreen) claimMoves() []claim.Move {
	if m.detail == nil || m.detail.Claim == nil || !m.detail.Claim.CanWork {
		return nil
	}
	return m.detail.Claim.Moves
}

// pickClaimMove opens the list of the claim's next steps.
func (m *requestsScreen) pickClaimMove() {
	r := m.detail.Request
	d := &claimMoveDraft{ref: r.Ref, from: r.StatusLabel, insurerRef: m.detail.Claim.InsurerRef, choices: m.claimMoves()}
	labels := make([]string, len(d.choices))
	for i, mv := range d.choices {
		labels[i] = mv.Label
	}
	m.choose(reqClaimStatus, "Nouvelle étape du sinistre "+r.Ref, labels, func(i int) tea.Cmd {
		m.claimMove = d
		return m.claimMovePicked(i)
	})
}

// claimMovePicked starts the draft of move i: its field first when it
// needs one (the insurer's number as the claim has it), else the word to
// the client.
func (m *requestsScreen) claimMovePicked(i int) tea.Cmd {
	d := m.claimMove
	mv := d.choices[i]
	d.move, d.in = mv, claim.MoveInput{Status: mv.Status}
	if mv.Needs == "" {
		return m.typeClaim(reqClaimNote, notePrompt, "", claimBound("note"))
	}
	value := ""
	if mv.Needs == "insurerRef" {
		value = d.insurerRef
	}
	need, limit := claimNeeds[mv.Needs], 20 // an amount: « 1 000 000,00 € » and room to spare
	if need.bound != "" {
		limit = claimBound(need.bound)
	}
	return m.typeClaim(reqClaimField, need.prompt, value, limit)
}

// typeClaim opens the input of a claim's move after prompt.
func (m *requestsScreen) typeClaim(mode requestsMode, prompt, value string, limit int) tea.Cmd {
	m.mode = mode
	return m.startLine(value, limit, max(m.width-len([]rune(prompt))-1, 10))
}

// claimMoveKey handles the keys while a move is drafted: enter goes on
// (an empty field stays open and says what it wants, as the web desk's
// form does; the word to the client may be empty), esc drops the move;
// o or n answers the question.
func (m *requestsScreen) claimMoveKey(msg tea.KeyMsg) tea.Cmd {
	d := m.claimMove
	if m.mode == reqClaimConfirm {
		switch {
		case key.Matches(msg, widgetKeys.Yes):
			m.endClaimMove()
			return m.sendClaimMove(d)
		case key.Matches(msg, widgetKeys.No):
			m.endClaimMove()
		}
		return nil
	}
	switch {
	case key.Matches(msg, frameKeys.Cancel):
		m.endClaimMove()
		return nil
	case key.Matches(msg, frameKeys.Apply):
		text := strings.TrimSpace(m.input.Value())
		if m.mode == reqClaimNote {
			d.in.Note = text
			m.mode = reqClaimConfirm
			m.input.Blur()
			return nil
		}
		if text == "" {
			return msgCmd(ErrMsg{Err: apperr.FieldErrorf(d.move.Needs, "%s", claimNeeds[d.move.Needs].missing)})
		}
		if err := d.set(text); err != nil {
			// The line stays open to mend what was typed.
			return msgCmd(ErrMsg{Err: err})
		}
		// What was said of an earlier try no longer holds.
		return tea.Batch(m.typeClaim(reqClaimNote, notePrompt, "", claimBound("note")), msgCmd(InfoMsg{}))
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

// set writes the field the move needs from what was typed.
func (d *claimMoveDraft) set(text string) error {
	switch d.move.Needs {
	case "insurerRef":
		d.in.InsurerRef = text
	case "asked":
		d.in.Asked = text
	case "reason":
		d.in.Reason = text
	case "amountCents":
		cents, ok := indemnityCents(text)
		if !ok {
			return apperr.FieldErrorf("amountCents", "Écrivez un montant en euros, par exemple 1\u00a0250,50 (10\u00a0millions au plus).")
		}
		d.in.AmountCents = cents
	}
	return nil
}

// sendClaimMove makes the move through the Source, then reloads.
func (m *requestsScreen) sendClaimMove(d *claimMoveDraft) tea.Cmd {
	ref, in := d.ref, d.in
	return m.act(func(src Source, ctx context.Context, id string) (string, error) {
		// Short enough for the status line at 80 columns.
		return fmt.Sprintf("%s passé à «\u00a0%s\u00a0»\u00a0; client averti par e-mail.", ref, d.move.Label),
			src.MoveClaim(ctx, id, in)
	})
}

// endClaimMove drops the draft and gives the input back to the filter
// (as endSave does).
func (m *requestsScreen) endClaimMove() {
	m.claimMove = nil
	m.endSave()
}

// claimMoveView is the move being drafted, in place of the request's
// text: the step chosen, what is typed, the hint, and the line of the
// input or the question.
func (m *requestsScreen) claimMoveView() (body, bottom string) {
	d, w := m.claimMove, m.width
	var b strings.Builder
	b.WriteString(m.st.Title.Render(elide("Nouvelle étape\u00a0: "+d.from+" → "+d.move.Label, w)) + "\n")
	if d.move.Needs != "" && m.mode != reqClaimField {
		b.WriteString(wrap(claimNeeds[d.move.Needs].label+"\u00a0: "+d.value(), w) + "\n")
	}
	switch m.mode {
	case reqClaimField:
		b.WriteString(m.st.Muted.Render(wrap(claimNeeds[d.move.Needs].hint, w)) + "\n")
		return b.String(), claimNeeds[d.move.Needs].prompt + m.input.View()
	case reqClaimNote:
		b.WriteString(m.st.Muted.Render(wrap("Ajouté à la suite du message qui annonce l’étape\u00a0; entrée sans rien écrire pour n’en mettre aucun.", w)) + "\n")
		return b.String(), notePrompt + m.input.View()
	}
	if d.in.Note != "" {
		b.WriteString(wrap("Mot au client\u00a0: "+d.in.Note, w) + "\n")
	}
	b.WriteString(m.st.Muted.Render(wrap("Le client en est averti par e-mail dès l’enregistrement.", w)) + "\n")
	return b.String(), m.st.Info.Render(elideAsk("Enregistrer cette étape du sinistre "+d.ref+"\u00a0? (o/n)", w))
}

// value is the field of the move as it will be sent: the amount the
// French way.
func (d *claimMoveDraft) value() string {
	switch d.move.Needs {
	case "insurerRef":
		return d.in.InsurerRef
	case "asked":
		return d.in.Asked
	case "reason":
		return d.in.Reason
	case "amountCents":
		return pricing.Euros(d.in.AmountCents)
	}
	return ""
}

// claimMoveHelp are the keys while a move is drafted.
func (m *requestsScreen) claimMoveHelp() []key.Binding {
	if m.mode == reqClaimConfirm {
		return confirmHelp()
	}
	return []key.Binding{frameKeys.Apply, frameKeys.Cancel}
}

// euroAmount is an amount typed in euros: digits, then at most two
// decimals after a comma or a dot (the web desk's parseEuros).
var euroAmount = regexp.MustCompile(`^(\d{1,10})(?:[.,](\d{1,2}))?$`)

// indemnityCents reads an indemnity typed in euros, « 1 250,50 »,
// « 1250.5 », « 800 € », as cents; false when it is not an amount, is
// zero or is above claim.MaxAmountCents.
func indemnityCents(text string) (int64, bool) {
	text = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '\u00a0', '\u202f':
			return -1
		}
		return r
	}, text)
	sub := euroAmount.FindStringSubmatch(strings.TrimSuffix(text, "€"))
	if sub == nil {
		return 0, false
	}
	euros, _ := strconv.ParseInt(sub[1], 10, 64)
	cents, _ := strconv.ParseInt((sub[2] + "00")[:2], 10, 64)
	total := euros*100 + cents
	return total, total > 0 && total <= claim.MaxAmountCents
}

// claimBound is the most characters the claim form allows in field name
// (form.json, which the service checks against); 2000 when unknown.
func claimBound(name string) int {
	if f, err := claim.LoadForm(); err == nil && f.Bounds[name].Max > 0 {
		return f.Bounds[name].Max
	}
	return 2000
}
