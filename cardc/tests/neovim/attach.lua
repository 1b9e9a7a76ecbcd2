-- Runs the README's Neovim snippet as a configuration would (the snippet first, then the
-- filetype detection a configuration turns on), opens a card file, and prints the
-- filetype, the diagnostics and a hover the client the snippet started received.
dofile(os.getenv("SNIPPET"))
vim.cmd("filetype on")
vim.cmd("edit " .. os.getenv("CARDS_FILE"))
local buf = vim.api.nvim_get_current_buf()
local out = { "filetype " .. vim.bo.filetype }
local got = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
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
local clients = vim.tbl_values(vim.lsp.buf_get_clients(buf))
for _, c in ipairs(clients) do vim.lsp.stop_client(c.id) end
vim.wait(2000, function()
  for _, c in ipairs(clients) do
    if not vim.lsp.client_is_stopped(c.id) then return false end
  end
  return true
end, 50)
vim.cmd("qa!")
