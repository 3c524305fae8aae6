package complaint

import (
	"context"
	"strings"
	"testing"

	"courtier/pkg/apperr"
	"courtier/pkg/desk"
)

// statuses are every status of the machine.
var statuses = []desk.Status{StatusReceived, StatusAcknowledged, StatusInProgress, StatusAnswered, StatusClosed}

// into brings a new complaint, taken by the agent, to status st through
// the actions a broker would take, and returns its id.
func (e *env) into(t *testing.T, st desk.Status) string {
	t.Helper()
	ctx := context.Background()
	id := e.taken(t)
	var err error
	switch st {
	case StatusAcknowledged:
		_, err = e.svc.Acknowledge(ctx, e.agent, id, ackText)
	case StatusInProgress:
		if _, err = e.svc.Acknowledge(ctx, e.agent, id, ackText); err == nil {
			_, err = e.desk.SetStatus(ctx, e.agent, id, StatusInProgress)
		}
	case StatusAnswered:
		_, err = e.svc.Answer(ctx, e.agent, id, answerText)
	case StatusClosed:
		_, err = e.desk.SetStatus(ctx, e.agent, id, StatusClosed)
	}
	if err != nil {
		t.Fatalf("into %s: %v", st, err)
	}
	if got := e.request(t, id).Request.Status; got != st {
		t.Fatalf("into %s: got %s", st, got)
	}
	return id
}

// TestHandMoves tries every change of status by hand: only those listed
// pass; no hand move skips the acknowledgement or fakes an answer.
func TestHandMoves(t *testing.T) {
	allowed := map[desk.Status][]desk.Status{
		StatusReceived:     {StatusClosed},
		StatusAcknowledged: {StatusInProgress, StatusClosed},
		StatusInProgress:   {StatusAcknowledged, StatusClosed},
		StatusAnswered:     {StatusInProgress, StatusClosed},
		StatusClosed:       {StatusInProgress},
	}
	for _, from := range statuses {
		for _, to := range statuses {
			if from == to {
				continue
			}
			want := false
			for _, s := range allowed[from] {
				want = want || s == to
			}
			t.Run(string(from)+"→"+string(to), func(t *testing.T) {
				e := newEnv(t)
				id := e.into(t, from)
				_, err := e.desk.SetStatus(context.Background(), e.agent, id, to)
				if want && err != nil {
					t.Fatalf("refused: %v", err)
				}
				if !want && (codeOf(err) != apperr.EINVALID || fieldOf(err) != "status") {
					t.Fatalf("got %v, want a refusal", err)
				}
			})
		}
	}
}

// TestActionsByStatus: acknowledging and answering from every status.
func TestActionsByStatus(t *testing.T) {
	tests := []struct {
		from desk.Status
		// ack and answer are the codes expected, "" for success.
		ack, answer apperr.Code
		// after are the statuses the actions lead to.
		afterAck, afterAnswer desk.Status
	}{
		{StatusReceived, "", "", StatusAcknowledged, StatusAnswered},
		{StatusAcknowledged, apperr.ECONFLICT, "", "", StatusAnswered},
		{StatusInProgress, apperr.ECONFLICT, "", "", StatusAnswered},
		{StatusAnswered, apperr.ECONFLICT, apperr.ECONFLICT, "", ""},
		{StatusClosed, apperr.ECONFLICT, apperr.ECONFLICT, "", ""},
	}
	ctx := context.Background()
	for _, tt := range tests {
		t.Run(string(tt.from)+"/acknowledge", func(t *testing.T) {
			e := newEnv(t)
			id := e.into(t, tt.from)
			_, err := e.svc.Acknowledge(ctx, e.agent, id, ackText)
			check(t, e, id, err, tt.ack, tt.afterAck, tt.from)
		})
		t.Run(string(tt.from)+"/answer", func(t *testing.T) {
			e := newEnv(t)
			id := e.into(t, tt.from)
			_, err := e.svc.Answer(ctx, e.agent, id, answerText)
			check(t, e, id, err, tt.answer, tt.afterAnswer, tt.from)
		})
	}
}

// check compares an action's outcome: the code, and the status after
// (unchanged when refused).
func check(t *testing.T, e *env, id string, err error, code apperr.Code, after, from desk.Status) {
	t.Helper()
	if codeOf(err) != code {
		t.Fatalf("got %v, want code %q", err, code)
	}
	if code != "" {
		after = from
	}
	if got := e.request(t, id).Request.Status; got != after {
		t.Errorf("status %s, want %s", got, after)
	}
}

// TestAnswerBeforeAcknowledgement: one step records both, and the
// complainant reads the answer alone.
func TestAnswerBeforeAcknowledgement(t *testing.T) {
	e := newEnv(t)
	id := e.taken(t)
	d, err := e.svc.Answer(context.Background(), e.agent, id, answerText)
	if err != nil {
		t.Fatal(err)
	}
	if !d.Acknowledged() || !d.Answered() || d.AcknowledgedAt != d.AnsweredAt {
		t.Errorf("dates %+v", d.Complaint)
	}
	if got := e.actions(t, id); got != "created,taken,acknowledged,reply,answered" {
		t.Errorf("history %s", got)
	}
	replies := e.request(t, id).Replies
	if len(replies) != 1 || replies[0].Label != LabelAnswer {
		t.Errorf("replies %+v", replies)
	}
}

// TestAnswerNamesTheMediator: the mediator's paragraph ends every answer,
// added when staff left it out, not repeated when they kept it.
func TestAnswerNamesTheMediator(t *testing.T) {
	tests := []struct {
		name, text string
		added      bool
	}{
		{"left out", answerText, true},
		{"kept as pre-filled", answerText + "\n\n{closing}", false},
		{"rewritten, naming the mediator and its website", answerText + " Saisissez La Médiation de l'Assurance sur https://www.mediation-assurance.org.", false},
		{"rewritten with ’, naming the mediator and its website", answerText + " Saisissez La Médiation de l’Assurance sur https://www.mediation-assurance.org.", false},
		{"rewritten, naming the mediator alone", answerText + " Vous pouvez saisir La Médiation de l'Assurance.", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			id := e.taken(t)
			text := strings.ReplaceAll(tt.text, "{closing}", e.svc.Closing())
			if _, err := e.svc.Answer(context.Background(), e.agent, id, text); err != nil {
				t.Fatal(err)
			}
			body := e.request(t, id).Replies[0].Body
			want := text
			if tt.added {
				want = text + "\n\n" + e.svc.Closing()
			}
			if body != want {
				t.Errorf("answer\n%s\nwant\n%s", body, want)
			}
			if tt.added && !strings.Contains(body, "gratuitement le médiateur\u00a0: La Médiation de l’Assurance, TSA 50110, 75441 Paris Cedex 09") {
				t.Errorf("closing paragraph without the mediator's address: %s", body)
			}
			// Named with ’ (the profile) or ' (typed by staff).
			for _, part := range []string{"La Médiation de l'Assurance", "https://www.mediation-assurance.org"} {
				if !strings.Contains(strings.ReplaceAll(body, "’", "'"), part) {
					t.Errorf("answer without %q", part)
				}
			}
		})
	}
}

// TestRepliesAreChecked: the texts staff send follow the rules of every
// free text, and a refused one changes nothing.
func TestRepliesAreChecked(t *testing.T) {
	tests := []struct{ name, text, msg string }{
		{"empty", "  \n ", "Écrivez le texte"},
		{"too short", "Reçu.", "au moins 20\u00a0caractères"},
		{"too long", strings.Repeat("x", 10001), "10\u00a0000\u00a0caractères"},
		{"a bidi override", "Bonjour, \u202evotre réclamation est reçue.", "caractères non autorisés"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			id := e.taken(t)
			for _, act := range []func() error{
				func() error { _, err := e.svc.Acknowledge(context.Background(), e.agent, id, tt.text); return err },
				func() error { _, err := e.svc.Answer(context.Background(), e.agent, id, tt.text); return err },
			} {
				if err := act(); fieldOf(err) != "text" || !strings.Contains(apperr.MessageOf(err), tt.msg) {
					t.Errorf("got %v, want …%s…", err, tt.msg)
				}
			}
			if d := e.request(t, id); d.Request.Status != StatusReceived || len(d.Replies) != 0 {
				t.Errorf("changed: %+v", d)
			}
		})
	}
}
