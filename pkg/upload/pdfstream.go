package upload

import "bytes"

// stream is the data of one PDF stream, as far as a search can tell.
type stream struct {
	// body and end delimit the data: from after the "stream" keyword's
	// end of line to the first "endstream" (or the end of the file).
	body, end int
	// binary says the dictionary before it describes pixels or a
	// cross-reference stream (offsets), and not an object stream.
	binary bool
	// predicted says the data is not binary yet passes through a
	// predictor after inflating: the bytes inflated are not those a
	// reader reads, so names could hide in them.
	predicted bool
}

// dictWindow bounds how far before "stream" its dictionary is looked
// for: stream dictionaries are short.
const dictWindow = 4 << 10

// maxStreams bounds the streams of one PDF: a thousand pages of scans
// hold a few thousand; a hundred thousand is a file made to be slow.
const maxStreams = 100_000

// findStreams returns the streams of a PDF in the order of their data,
// each "stream" keyword that is a token followed by an end of line. A
// "stream" inside text may be taken for one: that makes the search
// wider, never narrower. Every byte is looked at a bounded number of
// times, whatever the file holds; false when there are too many streams.
func findStreams(data []byte) ([]stream, bool) {
	var out []stream
	from, end := 0, -1 // where the last keyword ended; the next "endstream"
	for i := 0; ; {
		j := bytes.Index(data[i:], []byte("stream"))
		if j < 0 {
			return out, true
		}
		at := i + j
		i = at + len("stream")
		if at > 0 && regular(data[at-1]) {
			continue // "endstream", "upstream"…
		}
		body := i
		if body < len(data) && data[body] == '\r' {
			body++
		}
		if body < len(data) && data[body] == '\n' {
			body++
		}
		if body == i {
			continue
		}
		if len(out) == maxStreams {
			return nil, false
		}
		if end < body {
			end = len(data)
			if k := bytes.Index(data[body:], []byte("endstream")); k >= 0 {
				end = body + k
			}
		}
		// The dictionary follows the previous keyword, not before it.
		binary, predicted := classify(dictBefore(data[max(from, at-dictWindow):at]))
		out = append(out, stream{body: body, end: end, binary: binary, predicted: predicted})
		from = i
	}
}

// dictBefore returns the end of window, the text before a "stream"
// keyword, from its object's "obj" keyword.
func dictBefore(window []byte) []byte {
	if k := bytes.LastIndex(window, []byte("obj")); k >= 0 {
		return window[k:]
	}
	return window
}

// classify reads a stream dictionary: binary when it describes an image
// (by its subtype or an image filter) or a cross-reference stream and
// not an object stream; predicted when it is not binary and names a
// predictor (producers use them for images and cross-references only).
func classify(dict []byte) (binary, predicted bool) {
	var objects, predictor bool
	eachName(dict, true, func(name []byte, _ int) {
		switch string(name) {
		case "Image", "XRef", "DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode":
			binary = true
		case "ObjStm":
			objects = true
		case "Predictor":
			predictor = true
		}
	})
	binary = binary && !objects
	return binary, predictor && !binary
}
