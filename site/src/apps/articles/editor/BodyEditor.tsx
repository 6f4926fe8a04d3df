/**
 * The article body's rich-text editor (issue 20 §1), on Tiptap (ProseMirror): docs/DECISIONS.md says why. Loaded
 * on its own chunk when an article form opens (BodyField.tsx), never with the apps' first screen.
 *
 * What it edits is exactly what the allow-list keeps (schema.ts); what it hands over is the stored HTML
 * (output.ts). Markdown-style shortcuts come with Tiptap's input rules (`## `, `### `, `- `, `1. `, `> `,
 * `**…**`, `*…*`); pastes are cleaned by paste.ts; pictures dropped, pasted or chosen go through PictureDialog;
 * « Lien vers un média » and « Image de la médiathèque » are the media library's picker
 * (media-library/MediaPicker.tsx), the latter followed by LibraryPictureDialog for the alternative text.
 */
import type { Editor } from "@tiptap/core";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from "react";
import type { BodyPicture } from "../../../../../api/contract";
import { mediaDetailHref } from "../../../lib/paths";
import { MediaPicker } from "../../media-library/MediaPicker";
import type { MediaChoice } from "../../media-library/picker-state";
import type { AppContext } from "../api";
import { EmbedDialog } from "./EmbedDialog";
import { insertBlock } from "./insert-block";
import { LibraryPictureDialog } from "./LibraryPictureDialog";
import { LinkDialog } from "./LinkDialog";
import { storedHtml } from "./output";
import { cleanPastedHtml } from "./paste";
import { isPicture, PICTURE_TYPES } from "./picture-upload";
import { PictureDialog } from "./PictureDialog";
import { OutsideArticleForm } from "./SmallDialog";
import { bodyExtensions } from "./schema";
import { Toolbar, type ToolButton } from "./Toolbar";
import "./BodyEditor.css";

export type BodyEditorHandle = {
  /** The body as it will be stored. */
  getHtml: () => string;
  focus: () => void;
  /** A picture is still uploading or waiting for its alternative text. */
  busy: () => boolean;
};

export type BodyEditorProps = {
  /** Id of the editable area (the form focuses it when the body is in error). */
  id: string;
  /** Which media the library picker offers (the member's own and the public ones, or every one). */
  context: AppContext;
  labelledBy: string;
  describedBy?: string;
  invalid: boolean;
  initialHtml: string;
  /** Length of the text, reported after typing pauses (the form's counter). */
  onTextLength: (length: number) => void;
  handleRef: Ref<BodyEditorHandle>;
};

type Dialog =
  | { kind: "link" }
  | { kind: "embed" }
  | { kind: "media" }
  | { kind: "library" }
  | { kind: "library-alt"; media: MediaChoice; ready: boolean; alt?: string }
  | { kind: "picture"; file: File; at: number | null };

const MOD = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform) ? "Cmd" : "Ctrl";

const textLength = (editor: Editor) => editor.state.doc.textBetween(0, editor.state.doc.content.size, "\n\n", " ").trim().length;

export default function BodyEditor(props: BodyEditorProps) {
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const open = useRef<(d: Dialog) => void>(() => {});
  open.current = (d) => {
    refocus.current = true;
    modalsBefore.current = openModalCount();
    setDialog(d);
  };
  const stats = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The surrounding modal counts "input" events as unsaved changes (ui/Modal.tsx). Typing fires them; toolbar
  // commands, shortcuts, pastes and drops do not, so they say it themselves. Not on every document update: the
  // editor's own first transaction (its trailing paragraph) is not a change by the person.
  const changed = () => wrapper.current?.dispatchEvent(new Event("input", { bubbles: true }));
  const latest = useRef(props);
  latest.current = props;

  const editor = useEditor({
    extensions: bodyExtensions(),
    content: props.initialHtml,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: editableAttributes(props),
      transformPastedHTML: (html) => cleanPastedHtml(html),
      handleDOMEvents: {
        paste: () => (changed(), false),
        drop: () => (changed(), false),
      },
      handlePaste: (_view, event) => {
        const data = event.clipboardData;
        // A word processor also offers a picture of the copied text: the text wins whenever there is some.
        if (!data || data.getData("text/html") || data.getData("text/plain")) return false;
        const file = [...data.files].find(isPicture);
        if (!file) return false;
        open.current({ kind: "picture", file, at: null });
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        if (moved) return false;
        const file = [...(event.dataTransfer?.files ?? [])].find(isPicture);
        if (!file) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos ?? null;
        open.current({ kind: "picture", file, at });
        return true;
      },
      handleKeyDown: (_view, event) => {
        if (!(event.ctrlKey || event.metaKey)) return false;
        changed();
        if (event.altKey) return false;
        const key = event.key.toLowerCase();
        const d: Dialog | "file" | null =
          key === "k" && !event.shiftKey ? { kind: "link" } : !event.shiftKey ? null : key === "g" ? "file" : key === "y" ? { kind: "embed" } : key === "e" ? { kind: "library" } : key === "l" ? { kind: "media" } : null;
        if (!d) return false;
        event.preventDefault();
        if (d === "file") fileInput.current?.click();
        else open.current(d);
        return true;
      },
    },
    onUpdate: ({ editor }) => {
      clearTimeout(stats.current);
      stats.current = setTimeout(() => latest.current.onTextLength(textLength(editor)), 300);
    },
  });

  useEffect(() => () => clearTimeout(stats.current), []);

  // The error state and its message follow the form's validation.
  useEffect(() => {
    editor?.setOptions({ editorProps: { ...editor.options.editorProps, attributes: editableAttributes(props) } });
  }, [editor, props.invalid, props.describedBy]);

  // The picker's history entry (ui/use-back-closes.ts) leaves with an asynchronous history.back(): a dialog opened
  // before that popstate would take it for the back button and close at once. So the alternative text's dialog
  // opens once the history holds no more modal entries than before the picker opened.
  const modalsBefore = useRef(0);
  const pendingAlt = dialog?.kind === "library-alt" && !dialog.ready;
  useEffect(() => {
    if (!pendingAlt) return;
    const ready = () => setDialog((d) => (d?.kind === "library-alt" ? { ...d, ready: true } : d));
    if (openModalCount() <= modalsBefore.current) return ready();
    const onPop = () => openModalCount() <= modalsBefore.current && ready();
    addEventListener("popstate", onPop);
    return () => removeEventListener("popstate", onPop);
  }, [pendingAlt]);

  // Back from a dialog: the writing goes on where it was.
  useEffect(() => {
    if (dialog === null && refocus.current && editor) {
      refocus.current = false;
      editor.commands.focus();
    }
  }, [dialog, editor]);

  useImperativeHandle(
    props.handleRef,
    () => ({
      getHtml: () => (editor ? storedHtml(editor.getHTML()) : props.initialHtml),
      focus: () => editor?.commands.focus(),
      busy: () => dialog?.kind === "picture" || dialog?.kind === "library-alt",
    }),
    [editor, dialog],
  );

  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e && {
        h2: e.isActive("heading", { level: 2 }),
        h3: e.isActive("heading", { level: 3 }),
        bold: e.isActive("bold"),
        italic: e.isActive("italic"),
        link: e.isActive("link"),
        bullet: e.isActive("bulletList"),
        ordered: e.isActive("orderedList"),
        quote: e.isActive("blockquote"),
      },
  });

  if (!editor || !state) return null;
  const chain = () => editor.chain().focus();
  const buttons: ToolButton[] = [
    { key: "h2", label: "Titre de niveau 2", shortcut: `${MOD}+Alt+2`, face: "T2", pressed: state.h2, onPress: () => chain().toggleHeading({ level: 2 }).run() },
    { key: "h3", label: "Titre de niveau 3", shortcut: `${MOD}+Alt+3`, face: "T3", pressed: state.h3, onPress: () => chain().toggleHeading({ level: 3 }).run() },
    { key: "bold", label: "Gras", shortcut: `${MOD}+B`, face: <b>G</b>, pressed: state.bold, onPress: () => chain().toggleBold().run() },
    { key: "italic", label: "Italique", shortcut: `${MOD}+I`, face: <i>I</i>, pressed: state.italic, onPress: () => chain().toggleItalic().run() },
    { key: "link", label: "Lien", shortcut: `${MOD}+K`, face: <Glyph d="M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1" />, pressed: state.link, opensDialog: true, onPress: () => open.current({ kind: "link" }) },
    { key: "bullet", label: "Liste à puces", shortcut: `${MOD}+Maj+8`, face: <Glyph d="M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01" />, pressed: state.bullet, onPress: () => chain().toggleBulletList().run() },
    { key: "ordered", label: "Liste numérotée", shortcut: `${MOD}+Maj+7`, face: <Glyph d="M10 6h10M10 12h10M10 18h10M4 4.5h1.5V9M4 9h3M4 14.5h3l-3 4h3" />, pressed: state.ordered, onPress: () => chain().toggleOrderedList().run() },
    { key: "quote", label: "Citation", shortcut: `${MOD}+Maj+B`, face: "«\u202f»", pressed: state.quote, onPress: () => chain().toggleBlockquote().run() },
    { key: "picture", label: "Image", shortcut: `${MOD}+Maj+G`, face: <Glyph d="M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 9.5h.01" />, opensDialog: true, onPress: () => fileInput.current?.click() },
    { key: "library", label: "Image de la médiathèque", shortcut: `${MOD}+Maj+E`, face: <Glyph d="M3 7h4v13H3zM9 4h12v16H9zM9 16l4-4 3 3 2-2 3 3" />, opensDialog: true, onPress: () => open.current({ kind: "library" }) },
    { key: "embed", label: "Vidéo ou son", shortcut: `${MOD}+Maj+Y`, face: <Glyph d="M4 6h16v12H4zM10 9.5v5l4.5-2.5z" />, opensDialog: true, onPress: () => open.current({ kind: "embed" }) },
    { key: "media", label: "Lien vers un média", shortcut: `${MOD}+Maj+L`, face: <Glyph d="M4 4h10l6 6v10H4zM14 4v6h6M8 15h8" />, opensDialog: true, onPress: () => open.current({ kind: "media" }) },
  ];

  const close = () => setDialog(null);
  const inserted = () => {
    changed();
    setDialog(null);
  };
  const selectionText = () => {
    const { from, to } = editor.state.selection;
    return editor.state.doc.textBetween(from, to, " ");
  };

  return (
    <div className="body-editor" ref={wrapper}>
      <Toolbar buttons={buttons.map((b) => ({ ...b, onPress: () => (b.opensDialog ? null : changed(), b.onPress()) }))} controls={props.id} />
      <EditorContent editor={editor} />
      <input
        ref={fileInput}
        type="file"
        accept={PICTURE_TYPES.join(",")}
        hidden
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (file) open.current({ kind: "picture", file, at: null });
        }}
      />
      {dialog?.kind === "link" && (
        <LinkDialog
          initialHref={(editor.getAttributes("link").href as string | undefined) ?? ""}
          needsText={editor.state.selection.empty && !editor.isActive("link")}
          onApply={(href, text) => {
            inserted();
            if (editor.state.selection.empty && !editor.isActive("link")) {
              editor.chain().insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href } }] }).run();
            } else {
              editor.chain().extendMarkRange("link").setLink({ href }).run();
            }
          }}
          onRemove={editor.isActive("link") ? () => (inserted(), editor.chain().extendMarkRange("link").unsetLink().run()) : null}
          onClose={close}
        />
      )}
      {dialog?.kind === "embed" && (
        <EmbedDialog
          onInsert={(href, title) => {
            inserted();
            insertBlock(editor, { type: "embed", attrs: { href, title } });
          }}
          onClose={close}
        />
      )}
      {/* Both pickers can upload, with a form of their own: outside the article form, as the small dialogs. */}
      <OutsideArticleForm>
        <MediaPicker
          open={dialog?.kind === "media"}
          context={props.context}
          initial={[]}
          single
          title="Lien vers un média"
          confirmLabel="Insérer le lien"
          onChoose={([media]) => {
            // Every media the picker lists comes from the API with its public address.
            if (!media?.url) return;
            const text = selectionText() || media.title;
            editor.chain().insertContent({ type: "text", text, marks: [{ type: "link", attrs: { href: mediaDetailHref({ type: media.type, url: media.url }) } }] }).run();
            changed();
          }}
          onClose={close}
        />
        <MediaPicker
          open={dialog?.kind === "library"}
          context={props.context}
          initial={[]}
          single
          onlyType="image"
          picture
          title="Image de la médiathèque"
          confirmLabel="Choisir cette image"
          // A picture uploaded in the picker comes with the alternative text already typed there.
          onChoose={([media], alt) => {
            if (media?.path) setDialog({ kind: "library-alt", media, ready: false, alt });
          }}
          // The picker closes itself after a choice: the alternative text's dialog then stays.
          onClose={() => setDialog((d) => (d?.kind === "library" ? null : d))}
        />
      </OutsideArticleForm>
      {dialog?.kind === "library-alt" && dialog.ready && (
        <LibraryPictureDialog
          src={dialog.media.path!}
          title={dialog.media.title}
          initialAlt={dialog.alt}
          published={dialog.media.approved !== false && dialog.media.online !== false}
          onInsert={({ src, alt, width, height }) => {
            inserted();
            insertBlock(editor, { type: "image", attrs: { src, alt, width, height } });
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === "picture" && (
        <PictureDialog
          file={dialog.file}
          onInsert={(picture: BodyPicture, alt) => {
            const at = dialog.at;
            inserted();
            const image = { type: "image", attrs: { src: picture.src, alt, width: picture.width, height: picture.height } };
            insertBlock(editor, image, at);
          }}
          onClose={close}
        />
      )}
    </div>
  );
}

/** How many modals the history holds entries for (ui/use-back-closes.ts keeps their keys in history.state). */
function openModalCount(): number {
  const keys = (history.state as { openModals?: unknown } | null)?.openModals;
  return Array.isArray(keys) ? keys.length : 0;
}

function editableAttributes(p: BodyEditorProps): Record<string, string> {
  const attrs: Record<string, string> = {
    id: p.id,
    class: "body-editor-text",
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": p.labelledBy,
    "aria-required": "true",
  };
  if (p.describedBy) attrs["aria-describedby"] = p.describedBy;
  if (p.invalid) attrs["aria-invalid"] = "true";
  return attrs;
}

/** A 24×24 outline drawn in the text colour; the button's name says what it means. */
function Glyph({ d }: { d: string }) {
  return (
    <svg viewBox="0 0 24 24" width="1.15em" height="1.15em" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}
