package tui

import "strings"

// What the frame draws: a head line, the table or the pane, and the
// bottom line where a question is asked or a line typed.

// page lays a screen out in its room: head, body, and bottom on the last
// lines (as many as it has; one, empty, when there is nothing to ask).
func (f *frame[T]) page(head, body, bottom string) string {
	n := strings.Count(bottom, "\n") + 1
	return fitHeight(head+"\n"+body, f.width, f.height-n) + "\n" + bottom
}

// headLine is a screen's title and, muted after it, what its list shows.
func (f *frame[T]) headLine(title, summary string) string {
	if summary == "" {
		return f.st.Title.Render(title)
	}
	return f.st.Title.Render(title) + f.st.Muted.Render(" · "+summary)
}

// listView is the list under head, with the filter or the question below.
func (f *frame[T]) listView(head string) string { return f.page(head, f.listBody(), f.bottom()) }

// listBody is the table, or why there is none: the read failed, is not
// in yet, or no row answers.
func (f *frame[T]) listBody() string {
	switch {
	case f.unavailable():
		return f.st.Muted.Render(wrap(f.spec.unavailable(f.err), f.width))
	case f.err != nil:
		return f.st.Error.Render(wrap(errorText(f.err), f.width))
	case !f.loaded:
		return f.st.Muted.Render("Chargement…")
	case len(f.shown) == 0:
		return f.st.Muted.Render(f.spec.empty())
	}
	return f.table.View()
}

// bottom is the question asked or the filter typed, "" when neither.
func (f *frame[T]) bottom() string {
	switch {
	case f.ask != nil:
		return f.st.Info.Render(elideAsk(f.ask.prompt, f.width))
	case f.mode == frameFilter:
		return "Filtrer\u00a0: " + f.input.View()
	}
	return ""
}

// pane is the head and the body of the row opened: its noun and a word
// while it is read or when its read failed, else head() and its text.
func (f *frame[T]) pane(noun string, ready bool, err error, head func() string) (string, string) {
	switch {
	case err != nil:
		return f.st.Title.Render(noun), f.st.Error.Render(wrap(errorText(err), f.width))
	case !ready:
		return f.st.Title.Render(noun), f.st.Muted.Render("Chargement…")
	}
	return head(), f.vp.View()
}

// showText writes the row opened into the pane, where it was scrolled; a
// pane that follows, read at its end, stays at its end.
func (f *frame[T]) showText(text string, follow bool) {
	y := f.vp.YOffset
	f.vp.SetContent(text)
	f.vp.SetYOffset(y)
	if follow {
		f.vp.GotoBottom()
	}
}
