package tui

import (
	"context"
	"fmt"
	"strings"

	"courtier/pkg/desk"
	"courtier/pkg/fr"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// The request view of the Demandes screen: the frame's pane over the
// request, and the actions its Can allows.

// stepKey hands a key to the line typed over the request.
func (m *requestsScreen) stepKey(msg tea.KeyMsg) tea.Cmd {
	switch m.mode {
	case reqClaimField, reqClaimNote, reqClaimConfirm:
		return m.claimMoveKey(msg)
	case reqNote:
		return m.noteKey(msg)
	}
	return m.saveKey(msg)
}

// detailActions are the keys of the open request: only the actions its
// Can allows.
func (m *requestsScreen) detailActions() []action {
	d, can := m.detail, desk.Can{}
	if d != nil {
		can = d.Can
	}
	return []action{m.backAction(), scrollAction(),
		{key: requestsKeys.Take, ok: can.Take, run: func() tea.Cmd {
			return m.act(func(src Source, ctx context.Context, id string) (string, error) {
				return "Demande " + d.Request.Ref + " prise en charge.", src.Take(ctx, id)
			})
		}},
		{key: requestsKeys.Status, ok: can.Work && len(d.Moves) > 0 || len(m.claimMoves()) > 0, run: m.pickStatus},
		// Beside s, the other step of a claim's follow-up, so that the
		// short help at 80 columns still shows it.
		{key: requestsKeys.Responsibility, ok: m.canSetResponsibility(), run: m.pickResponsibility},
		{key: requestsKeys.Note, ok: can.Note, run: func() tea.Cmd {
			m.mode = reqNote
			return m.startLine("", 2000, m.width-12)
		}},
		{key: requestsKeys.Hand, ok: can.Assign, run: func() tea.Cmd {
			src, ctx := m.src, m.ctx
			return func() tea.Msg {
				staff, err := src.Staff(ctx)
				return staffLoadedMsg{staff: staff, err: err}
			}
		}},
		{key: requestsKeys.Release, ok: can.Release, run: func() tea.Cmd {
			return m.act(func(src Source, ctx context.Context, id string) (string, error) {
				return "Demande " + d.Request.Ref + " remise dans la file.", src.Release(ctx, id)
			})
		}},
		{key: requestsKeys.Save, ok: len(m.claimFiles()) > 0, run: m.askFile}}
}

// pickStatus opens the list of the request's next statuses. A claim
// moves through its own service, never the queue's bare status change:
// each step asks for something and tells the client.
func (m *requestsScreen) pickStatus() tea.Cmd {
	if len(m.claimMoves()) > 0 {
		m.pickClaimMove()
		return nil
	}
	d := m.detail
	labels := make([]string, len(d.Moves))
	for i, o := range d.Moves {
		labels[i] = o.Label
	}
	ref := d.Request.Ref
	m.choose(reqStatus, "Nouveau statut de "+ref, labels, func(i int) tea.Cmd {
		o := d.Moves[i]
		return m.act(func(src Source, ctx context.Context, id string) (string, error) {
			return fmt.Sprintf("Demande %s\u00a0: %s.", ref, o.Label), src.SetStatus(ctx, id, o.Status)
		})
	})
	return nil
}

// act runs do on the open request in a command, then reloads.
func (m *requestsScreen) act(do func(src Source, ctx context.Context, id string) (string, error)) tea.Cmd {
	src, ctx, id := m.src, m.ctx, m.id
	return afterAction(func() tea.Msg {
		text, err := do(src, ctx, id)
		return errOr(err, text)
	})
}

func (m *requestsScreen) staffLoaded(msg staffLoadedMsg) tea.Cmd {
	if msg.err != nil {
		return msgCmd(ErrMsg{Err: msg.err})
	}
	if m.mode != reqDetail || m.detail == nil {
		return nil
	}
	labels := make([]string, len(msg.staff))
	for i, p := range msg.staff {
		labels[i] = p.Name
	}
	ref := m.detail.Request.Ref
	m.choose(reqHand, "Confier "+ref+" à…", labels, func(i int) tea.Cmd {
		p := msg.staff[i]
		return m.act(func(src Source, ctx context.Context, id string) (string, error) {
			return "Demande " + ref + " confiée à " + p.Name + ".", src.Assign(ctx, id, p.UID)
		})
	})
	return nil
}

func (m *requestsScreen) noteKey(msg tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(msg, frameKeys.Cancel):
		m.mode = reqDetail
		m.endLine()
		return nil
	case key.Matches(msg, frameKeys.Apply):
		body, ref := m.input.Value(), m.detail.Request.Ref
		m.mode = reqDetail
		m.endLine()
		return m.act(func(src Source, ctx context.Context, id string) (string, error) {
			return "Note ajoutée à " + ref + ".", src.AddNote(ctx, id, body)
		})
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return cmd
}

// refreshDetail writes the open request into the pane at its width.
func (m *requestsScreen) refreshDetail() {
	if m.detail != nil {
		m.showText(m.detailText(), false)
	}
}

func (m *requestsScreen) detailText() string {
	d, w, now := m.detail, m.width, m.now()
	r := d.Request
	var b strings.Builder
	line := func(label, value string) {
		// A question (« La fuite est-elle arrêtée ? ») is answered without a colon.
		sep := "\u00a0: "
		if strings.HasSuffix(label, "?") {
			sep = " "
		}
		if value != "" {
			b.WriteString(wrap(label+sep+value, w) + "\n")
		}
	}
	section := func(title string) { b.WriteString("\n" + m.st.Header.Render(elide("── "+title+" ", w)) + "\n") }
	contact := r.Name
	if r.Email != "" {
		contact += " <" + r.Email + ">"
	}
	if r.Phone != "" {
		contact += " · " + fr.Phone(r.Phone)
	}
	line("Client", contact)
	if r.Kind != desk.KindCallback {
		// A callback's summary is its slot and product, lines of its own below.
		line("Objet", r.Summary)
	}
	line("Statut", r.StatusLabel+" (le client lit «\u00a0"+r.ClientStatusLabel+"\u00a0»)")
	who := "personne"
	if r.Assignee != nil {
		who = r.Assignee.Name
	}
	line("Suivie par", who)
	due := dueText(r, now)
	if r.Overdue {
		due = m.st.Overdue.Render(due)
	} else if r.DueToday {
		due = m.st.DueToday.Render(due)
	}
	line("Échéance", due)
	line("Créée le", frStoreDate(r.CreatedAt, now))
	if len(d.Lines) > 0 {
		section(r.KindLabel)
		for _, l := range d.Lines {
			line(l[0], l[1])
		}
	}
	if d.Claim != nil {
		m.writeClaim(&b, d.Claim, section)
	}
	if len(d.Conversation) > 0 {
		// The chat conversation it was filed from: what the visitor asked before.
		section("Conversation du chat")
		for _, l := range d.Conversation {
			b.WriteString(m.st.Muted.Render(elide(frDate(l.At, now)+" · "+l.Sender, w)) + "\n")
			b.WriteString(wrap(l.Text, w) + "\n")
		}
	}
	// A claim's replies are its messages, written above.
	if len(d.Replies) > 0 && d.Claim == nil {
		section("Réponses au client")
		for _, rp := range d.Replies {
			b.WriteString(m.st.Muted.Render(elide(frStoreDate(rp.At, now)+" · "+rp.AuthorName+" · "+rp.Label, w)) + "\n")
			b.WriteString(wrap(rp.Body, w) + "\n")
		}
	}
	section("Courriels au client")
	if len(d.Mails) == 0 {
		b.WriteString(m.st.Muted.Render("Aucun courriel.") + "\n")
	}
	for _, ml := range d.Mails {
		// The state first, in words: whether the client was told is what
		// the agent looks for.
		b.WriteString(elide(frDate(ml.CreatedAt, now)+" · "+ml.Status.Label()+" · "+ml.Subject, w) + "\n")
	}
	section("Notes internes")
	if len(d.Notes) == 0 {
		b.WriteString(m.st.Muted.Render("Aucune note.") + "\n")
	}
	for _, n := range d.Notes {
		b.WriteString(m.st.Muted.Render(elide(frDate(n.At, now)+" · "+n.AuthorName, w)) + "\n")
		b.WriteString(wrap(n.Body, w) + "\n")
	}
	section("Historique")
	for _, e := range d.History {
		b.WriteString(wrap(frDate(e.At, now)+" · "+historyWho(e)+" · "+historyWhat(e), w) + "\n")
	}
	return strings.TrimRight(b.String(), "\n")
}

func (m *requestsScreen) detailView() string {
	head, body := m.pane("Demande", m.detail != nil, m.detailErr, func() string {
		r := m.detail.Request
		return m.headLine(r.Ref, r.KindLabel+" · "+r.StatusLabel)
	})
	bottom := ""
	switch {
	case m.choosing():
		body = m.pick.viewIn(m.st, m.width, m.height-2)
	case m.mode == reqClaimField, m.mode == reqClaimNote, m.mode == reqClaimConfirm:
		body, bottom = m.claimMoveView()
	case m.mode == reqNote:
		bottom = "Note\u00a0: " + m.input.View()
	case m.mode == reqSave:
		bottom = m.savePrompt() + m.input.View()
	}
	return m.page(head, body, bottom)
}

// historyWho is who did a history event, « Système » for the site itself,
// as the web desk writes it.
func historyWho(e desk.Event) string {
	if e.ActorName == "" {
		return "Système"
	}
	return e.ActorName
}

// historyWhat is what a history event did, in the words the web desk
// shows: its French detail. The action is a code (« created »,
// « taken »…) never shown: an event recorded without a detail is named
// from it.
func historyWhat(e desk.Event) string {
	if e.Detail != "" {
		return e.Detail
	}
	if label, ok := historyActions[e.Action]; ok {
		return label
	}
	return "Modification"
}

// historyActions name the desk's action codes for an event without a detail.
var historyActions = map[string]string{
	"created": "Demande reçue", "taken": "Prise en charge", "released": "Remise dans la file",
	"assigned": "Confiée", "status": "Statut changé", "note": "Note interne ajoutée",
	"reply": "Réponse au client", "file": "Pièce jointe", "answered": "Message répondu",
	"called": "Appel\u00a0: personne jointe", "no_answer": "Appel sans réponse", "offers": "Offres envoyées",
	"accepted": "Offre acceptée", "declined": "Offres refusées", "kept": "Prix gardés de nouveau",
	"converted": "Transformé en demande de devis", "acknowledged": "Accusé de réception",
}
