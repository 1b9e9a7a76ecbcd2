-- Opens a card file, attaches `cardc lsp` with Neovim's own client, prints what it got.
local cardc, file = os.getenv("CARDC"), os.getenv("CARDS_FILE")
vim.cmd("edit " .. file)
local buf = vim.api.nvim_get_current_buf()
local client = vim.lsp.start_client({
  name = "cardc",
  cmd = { cardc, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":h"),
})
vim.lsp.buf_attach_client(buf, client)
local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
local out = {}
for _, d in ipairs(vim.diagnostic.get(buf)) do
  table.insert(out, string.format("diagnostic %d:%d %s %s", d.lnum + 1, d.col + 1, d.code or "", d.message:gsub("\n", " | ")))
end
local line = vim.fn.search("you may gain") - 1
local col = vim.fn.col(".") - 1
local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = col } }
local answers = vim.lsp.buf_request_sync(buf, "textDocument/hover", params, 20000) or {}
for _, a in pairs(answers) do
  if a.result and a.result.contents then
    table.insert(out, "hover " .. (a.result.contents.value or ""):gsub("\n", " | "))
  end
end
if not got then table.insert(out, "no diagnostics within 20 s") end
io.stdout:write(table.concat(out, "\n") .. "\n")
vim.lsp.stop_client(client)
vim.wait(2000, function() return vim.lsp.client_is_stopped(client) end, 50)
vim.cmd("qa!")
