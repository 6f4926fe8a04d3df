/**
 * The article body's rich-text editor (issue 20 §1), on Tiptap (ProseMirror): docs/DECISIONS.md says why. Loaded
 * on its own chunk when an article form opens (BodyField.tsx), never with the apps' first screen.
 *
 * What it edits is exactly what the allow-list keeps (schema.ts); what it hands over is the stored HTML
 * (output.ts). Markdown-style shortcuts come with Tiptap's input rules (`## `, `### `, `- `, `1. `, `> `,
 * `**…**`, `*…*`); pastes are cleaned by paste.ts; pictures dropped, pasted or chosen go through PictureDialog;
 * « Lien vers un média » and « Image de la médiathèque » are the media library's picker
 * (media-library/MediaPicker.tsx), the latter followed by LibraryPictureDialog for the alternative text.
 * Issue 32 §1 adds tables (a second toolbar while the cursor is in one), footnotes, callouts, PDF file cards, the
 * « / » menu (SlashMenu.tsx), players made from a YouTube/Vimeo/SoundCloud address pasted on its own line, and
 * pictures that typing does not replace and whose removal can be undone (object-keys.ts).
 */
import type { Editor } from "@tiptap/core";
import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { NodeSelection } from "@tiptap/pm/state";
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from "react";
import type { BodyPicture } from "../../../../../api/contract";
import { mediaDetailHref } from "../../../lib/paths";
import { MediaPicker } from "../../media-library/MediaPicker";
import type { MediaChoice } from "../../media-library/picker-state";
import { toast } from "../../stores/toasts";
import type { AppContext } from "../api";
import { EmbedDialog } from "./EmbedDialog";
import { fileDetails } from "./file-details";
import { insertBlock, paragraphAfter } from "./insert-block";
import { LibraryPictureDialog } from "./LibraryPictureDialog";
import { LinkDialog } from "./LinkDialog";
import { cursorAfterObject, OBJECT_BLOCKS, selectedObject, selectObjectBeside, typeAfterObject } from "./object-keys";
import type { BlockItem, BlockKey } from "./slash-items";
import { optionId, SlashMenu, slashStateOf, slashStatus, type SlashState } from "./SlashMenu";
import { TextDialog } from "./TextDialog";
import { storedHtml } from "./output";
import { cleanPastedHtml } from "./paste";
import { isPicture, PICTURE_TYPES } from "./picture-upload";
import { PictureDialog } from "./PictureDialog";
import { OutsideArticleForm } from "./SmallDialog";
import { bodyExtensions } from "./schema";
import { Toolbar, type ToolButton } from "./Toolbar";
import { defaultEmbedTitle, embedTarget } from "./urls";
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
  | { kind: "file" }
  | { kind: "footnote"; note: string; at: number | null }
  | { kind: "caption"; caption: string }
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
  const listId = `${useId()}-blocs`;
  const [slash, setSlash] = useState<SlashState | null>(null);
  const slashRef = useRef<SlashState | null>(null);
  slashRef.current = slash;
  // Escape closes the menu for this « / » paragraph until its text stops starting with « / ».
  const dismissedAt = useRef<number | null>(null);
  const choose = useRef<(item: BlockItem) => void>(() => {});
  const footnoteRef = useRef<() => void>(() => {});

  // The hook sets these options again at every render: the « / » menu's attributes must be part of them.
  const menuAttrs = slash && { listId, active: slash.items[slash.active] ? optionId(listId, slash.items[slash.active]!) : null };
  const editor = useEditor({
    extensions: bodyExtensions(),
    content: props.initialHtml,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: editableAttributes(props, menuAttrs),
      transformPastedHTML: (html) => cleanPastedHtml(html),
      handleDOMEvents: {
        paste: () => (changed(), false),
        drop: () => (changed(), false),
      },
      handlePaste: (view, event) => {
        const data = event.clipboardData;
        // A player's address pasted alone on an empty line becomes the player (Ghost and WordPress do the same).
        const pasted = data?.getData("text/plain").trim() ?? "";
        const target = /^\S+$/.test(pasted) ? embedTarget(pasted) : null;
        const { $from, empty } = view.state.selection;
        if (target && empty && $from.parent.type.name === "paragraph" && $from.parent.content.size === 0 && editorRef.current) {
          insertBlock(editorRef.current, { type: "embed", attrs: { href: target.href, title: defaultEmbedTitle(target.provider) } });
          return true;
        }
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
      handleTextInput: (_view, _from, _to, text) => (editorRef.current ? typeAfterObject(editorRef.current, text) : false),
      handleKeyDown: (_view, event) => {
        const menu = slashRef.current;
        if (menu && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const n = menu.items.length;
          const moveTo = (i: number) => setSlash({ ...menu, active: (i + n) % n });
          if (event.key === "ArrowDown" && n) return moveTo(menu.active + 1), true;
          if (event.key === "ArrowUp" && n) return moveTo(menu.active - 1), true;
          if (event.key === "Home" && n) return moveTo(0), true;
          if (event.key === "End" && n) return moveTo(n - 1), true;
          if (event.key === "Escape") return (dismissedAt.current = menu.from), setSlash(null), true;
          if ((event.key === "Enter" || event.key === "Tab") && n) return choose.current(menu.items[menu.active]!), true;
        }
        const e = editorRef.current;
        const plain = !event.ctrlKey && !event.metaKey && !event.altKey && !event.shiftKey;
        if (e && plain && (event.key === "ArrowLeft" || event.key === "ArrowRight") && selectObjectBeside(e, event.key === "ArrowLeft" ? -1 : 1)) return true;
        const object = e && selectedObject(e);
        if (e && object && !event.ctrlKey && !event.metaKey && !event.altKey) {
          if (event.key === "Backspace" || event.key === "Delete") {
            changed();
            e.commands.deleteSelection();
            toast.success(OBJECT_BLOCKS[object]!, { undo: () => (e.chain().focus().undo().run(), changed()) });
            return true;
          }
          if (event.key === "Enter") return cursorAfterObject(e);
        }
        if (!(event.ctrlKey || event.metaKey)) return false;
        changed();
        if (event.altKey) return false;
        const key = event.key.toLowerCase();
        if (key === "f" && event.shiftKey) {
          event.preventDefault();
          footnoteRef.current();
          return true;
        }
        const d: Dialog | "file" | null =
          key === "k" && !event.shiftKey ? { kind: "link" } : !event.shiftKey ? null : key === "g" ? "file" : key === "y" ? { kind: "embed" } : key === "e" ? { kind: "library" } : key === "l" ? { kind: "media" } : null;
        if (!d) return false;
        event.preventDefault();
        if (d === "file") fileInput.current?.click();
        else open.current(d);
        return true;
      },
    },
    onTransaction: ({ editor }) => {
      const next = slashStateOf(editor, wrapper.current, dismissedAt.current);
      if (!next) {
        const { $from } = editor.state.selection;
        if (dismissedAt.current !== null && !($from.parent.textContent.startsWith("/") && $from.start() === dismissedAt.current)) dismissedAt.current = null;
      }
      const now = slashRef.current;
      if (!next) {
        if (now) setSlash(null);
      } else if (!now || now.query !== next.query || now.from !== next.from) {
        setSlash(next);
      }
    },
    onUpdate: ({ editor }) => {
      clearTimeout(stats.current);
      stats.current = setTimeout(() => latest.current.onTextLength(textLength(editor)), 300);
    },
  });

  const editorRef = useRef<Editor | null>(null);
  editorRef.current = editor;

  useEffect(() => () => clearTimeout(stats.current), []);

  // The error state and its message follow the form's validation.
  useEffect(() => {
    editor?.setOptions({ editorProps: { ...editor.options.editorProps, attributes: editableAttributes(props, menuAttrs) } });
  }, [editor, props.invalid, props.describedBy, slash?.active, slash?.items, listId]);

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
        callout: e.isActive("callout"),
        table: e.isActive("table"),
        header: firstRowIsHeader(e),
        footnote: e.isActive("footnote"),
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
    { key: "table", label: "Tableau", face: <Glyph d="M4 5h16v14H4zM4 10h16M4 15h16M10 5v14" />, onPress: () => runBlock("table") },
    { key: "footnote", label: "Note de bas de page", shortcut: `${MOD}+Maj+F`, face: <span className="tool-sup">1</span>, opensDialog: true, onPress: () => openFootnote() },
    { key: "callout", label: "Encadré", face: <Glyph d="M4 5h16v14H4zM8 9h8M8 13h5" />, pressed: state.callout, onPress: () => runBlock("callout") },
    { key: "file", label: "Fichier PDF", face: <Glyph d="M6 3h9l4 4v14H6zM14 3v5h5M9 13h6M9 17h6" />, opensDialog: true, onPress: () => runBlock("file") },
  ];
  const tableButtons: ToolButton[] = [
    { key: "row", label: "Ajouter une ligne", face: "+\u202fligne", onPress: () => chain().addRowAfter().run() },
    { key: "col", label: "Ajouter une colonne", face: "+\u202fcolonne", onPress: () => chain().addColumnAfter().run() },
    { key: "delrow", label: "Supprimer la ligne", face: "−\u202fligne", onPress: () => chain().deleteRow().run() },
    { key: "delcol", label: "Supprimer la colonne", face: "−\u202fcolonne", onPress: () => chain().deleteColumn().run() },
    { key: "header", label: "Ligne d'en-tête", face: "En-tête", pressed: state.header, onPress: () => chain().toggleHeaderRow().run() },
    { key: "caption", label: "Légende du tableau", face: "Légende", opensDialog: true, onPress: () => open.current({ kind: "caption", caption: (editor.getAttributes("table").caption as string) ?? "" }) },
    { key: "deltable", label: "Supprimer le tableau", face: "Supprimer", onPress: () => chain().deleteTable().run() },
  ];

  /** What every block of the toolbar and of the « / » menu does. */
  function runBlock(key: BlockKey) {
    if (!editor) return;
    const c = () => editor.chain().focus();
    changed();
    const run: Record<BlockKey, () => void> = {
      h2: () => c().setHeading({ level: 2 }).run(),
      h3: () => c().setHeading({ level: 3 }).run(),
      bullet: () => c().toggleBulletList().run(),
      ordered: () => c().toggleOrderedList().run(),
      quote: () => c().toggleBlockquote().run(),
      table: () => c().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).command(paragraphAfter("table")).run(),
      picture: () => fileInput.current?.click(),
      library: () => open.current({ kind: "library" }),
      embed: () => open.current({ kind: "embed" }),
      file: () => open.current({ kind: "file" }),
      callout: () => (editor.isActive("callout") ? c().lift("callout").run() : c().wrapIn("callout").command(paragraphAfter("callout")).run()),
      separator: () => c().setHorizontalRule().run(),
    };
    run[key]();
  }
  choose.current = (item) => {
    const menu = slashRef.current;
    if (!menu) return;
    setSlash(null);
    // The « /query » text goes; the block takes its paragraph.
    editor.chain().focus().deleteRange({ from: menu.from, to: menu.to }).run();
    runBlock(item.key);
  };
  footnoteRef.current = () => openFootnote();
  function openFootnote() {
    if (!editor) return;
    const sel = editor.state.selection;
    const current = sel instanceof NodeSelection && sel.node.type.name === "footnote" ? sel : null;
    open.current({ kind: "footnote", note: current ? (current.node.attrs.note as string) : "", at: current ? current.from : null });
  }

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
      {state.table && (
        <Toolbar
          label="Tableau"
          className="body-table-bar"
          buttons={tableButtons.map((b) => ({ ...b, face: <span className="tool-text">{b.face}</span>, onPress: () => (b.opensDialog ? null : changed(), b.onPress()) }))}
          controls={props.id}
        />
      )}
      <EditorContent editor={editor} />
      {slash && <SlashMenu id={listId} state={slash} onChoose={(item) => choose.current(item)} onHover={(i) => setSlash({ ...slash, active: i })} />}
      <p className="sr-only" role="status">
        {slashStatus(slash)}
      </p>
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
      {dialog?.kind === "footnote" && (
        <TextDialog
          title={dialog.note ? "Modifier la note" : "Insérer une note de bas de page"}
          label="Texte de la note"
          hint="Elle sera numérotée et listée à la fin de l'article."
          initial={dialog.note}
          submitLabel={dialog.note ? "Modifier" : "Insérer"}
          requiredMessage="Indiquez le texte de la note."
          maxLength={2000}
          onApply={(note) => {
            const at = dialog.at;
            inserted();
            if (at === null) editor.chain().focus().insertContent({ type: "footnote", attrs: { note } }).run();
            else editor.chain().focus().command(({ tr }) => (tr.setNodeAttribute(at, "note", note), true)).run();
          }}
          onClose={close}
        />
      )}
      {dialog?.kind === "caption" && (
        <TextDialog
          title="Légende du tableau"
          label="Légende"
          hint={"Facultative\u00a0: elle dit ce que montre le tableau, et le nomme pour les lecteurs d'écran."}
          initial={dialog.caption}
          submitLabel="Appliquer"
          maxLength={300}
          onApply={(caption) => {
            inserted();
            editor.chain().focus().updateAttributes("table", { caption }).run();
          }}
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
          open={dialog?.kind === "file"}
          context={props.context}
          initial={[]}
          single
          onlyType="pdf"
          title="Fichier PDF de la médiathèque"
          confirmLabel="Insérer le fichier"
          onChoose={([media]) => {
            if (!media?.path) return;
            const href = media.path;
            void fileDetails(media).then((details) => {
              insertBlock(editor, { type: "fileCard", attrs: { href, title: media.title, details } });
              changed();
            });
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

/** Whether the table around the cursor starts with a row of header cells (« Ligne d'en-tête » is then pressed). */
function firstRowIsHeader(e: Editor): boolean {
  const { $from } = e.state.selection;
  for (let d = $from.depth; d > 0; d--) {
    const n = $from.node(d);
    if (n.type.name === "table") return n.firstChild?.firstChild?.type.name === "tableHeader";
  }
  return false;
}

function editableAttributes(p: BodyEditorProps, menu: { listId: string; active: string | null } | null = null): Record<string, string> {
  const attrs: Record<string, string> = {
    id: p.id,
    class: "body-editor-text",
    role: "textbox",
    "aria-multiline": "true",
    "aria-labelledby": p.labelledBy,
    "aria-required": "true",
  };
  // While the « / » menu is open the text area is its combobox (ARIA 1.2: the focus stays where one types).
  if (menu) {
    delete attrs["aria-multiline"];
    Object.assign(attrs, { role: "combobox", "aria-expanded": "true", "aria-haspopup": "listbox", "aria-autocomplete": "list", "aria-controls": menu.listId });
    if (menu.active) attrs["aria-activedescendant"] = menu.active;
  }
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
