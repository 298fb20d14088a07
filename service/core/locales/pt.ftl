# As palavras do serviço: títulos e detalhes dos problemas. Português.
problem-bad-request = Pedido inválido
problem-unauthorized = Não autorizado
problem-invalid-stream-ticket = Bilhete de transmissão inválido
problem-choose-seat = Escolha um lugar
problem-not-your-seat = Este lugar não é seu
problem-not-invited = Sem convite
problem-not-at-table = Não está nesta mesa
problem-chat-closed = Conversa fechada
problem-not-your-challenge = Desafio de outro jogador
problem-challenge-answered = Desafio já respondido
problem-not-your-turn = Não é a sua vez
problem-not-found = Não encontrado
problem-method-not-allowed = Método não permitido
problem-stale-version = Versão desatualizada
problem-seat-taken = Lugar ocupado
problem-game-not-over = O jogo ainda não acabou
problem-body-too-large = Pedido demasiado grande
problem-body-timeout = Tempo do pedido esgotado
problem-unsupported-media-type = Tipo de conteúdo não suportado
problem-range-not-satisfiable = Intervalo pedido indisponível
problem-invalid-request = Pedido que não pode ser processado
problem-illegal-move = Jogada inválida
problem-bad-options = Opções inválidas
problem-idempotency-key-reused = Chave de idempotência reutilizada
problem-version-not-reached = Versão ainda não alcançada
problem-invalid-bot-key = Chave de robô inválida
problem-not-your-bot = Este robô não é seu
problem-bot-name-taken = Nome de robô já usado
problem-url-not-allowed = Endereço não permitido
problem-bot-did-not-answer = O robô não respondeu
problem-rate-limited = Pedidos a mais
problem-too-many-bot-games = Jogos de robôs a mais
problem-too-many-search-games = Jogos com robôs que pensam a mais
problem-too-many-connections = Ligações a mais
problem-too-many-streams = Transmissões a mais
problem-push-endpoint-not-allowed = Endpoint de push não permitido
problem-too-many-push-subscriptions = Demasiadas subscrições de push
problem-bot-suspended = Robô suspenso
problem-hook-url-not-allowed = Endereço do webhook de notificações não permitido
problem-too-many-notification-hooks = Webhooks de notificações a mais
problem-player-required = Jogador necessário
problem-internal-error = Erro interno do servidor
problem-busy = Ocupado
problem-redis-unavailable = Redis indisponível
problem-streams-full = Transmissões a mais
problem-no-rematch = Sem desforra
problem-too-many-queues = Filas a mais
problem-on-vacation = De férias
problem-no-vacation-days = Sem dias de férias
problem-not-on-vacation = Não está de férias
problem-no-hint = Sem dica

## What each kind of problem means for the client: the detail of a problem in another language than
## English (the English detail, specific to the request, goes in detail_en).

problem-bad-request-detail = Não foi possível ler o pedido (o corpo, um cabeçalho ou um parâmetro); corrija-o antes de o enviar de novo.
problem-unauthorized-detail = O pedido precisa de um token válido: envie o token do lugar ou o do jogador.
problem-invalid-stream-ticket-detail = O bilhete de transmissão é desconhecido, já foi usado ou expirou: peça um novo e abra a transmissão de novo.
problem-choose-seat-detail = Tem vários lugares neste jogo: indique a qual deles se refere o pedido.
problem-not-your-seat-detail = Este lugar não é seu: jogue apenas pelos seus lugares.
problem-not-invited-detail = Esta mesa é privada: ocupe um lugar com o seu convite, ou o lugar guardado para si.
problem-not-at-table-detail = Só quem criou o jogo ou um jogador sentado nele convida para os seus lugares.
problem-chat-closed-detail = Nesta mesa os espetadores não podem conversar.
problem-not-your-challenge-detail = Não lhe cabe responder a este desafio.
problem-challenge-answered-detail = Este desafio já foi respondido.
problem-not-your-turn-detail = O seu lugar não pode jogar agora: espere pela sua vez.
problem-not-found-detail = O que o pedido indica não existe.
problem-method-not-allowed-detail = Este endereço não aceita este método; o cabeçalho Allow indica os que aceita.
problem-stale-version-detail = O jogo avançou desde que o consultou: leia-o de novo e decida outra vez. Nada foi feito.
problem-seat-taken-detail = Este lugar está ocupado: ocupe outro lugar livre, ou assista ao jogo.
problem-game-not-over-detail = A auditoria só abre quando o jogo tiver acabado.
problem-body-too-large-detail = O corpo do pedido é demasiado grande; envie um mais pequeno.
problem-body-timeout-detail = O corpo do pedido não chegou a tempo. Nada foi feito; tente de novo.
problem-unsupported-media-type-detail = O corpo tem de ser enviado como JSON (Content-Type: application/json). Nada foi feito.
problem-range-not-satisfiable-detail = O ficheiro não tem os bytes que o cabeçalho Range pede.
problem-invalid-request-detail = O pedido não corresponde ao esquema do endpoint: 'errors' indica os campos a corrigir.
problem-illegal-move-detail = As regras do jogo não permitem esta jogada. Nada foi feito.
problem-bad-options-detail = Este servidor não aceita estas opções para um novo jogo: 'option' indica a opção errada.
problem-idempotency-key-reused-detail = Esta Idempotency-Key já foi usada noutro comando; dê a cada comando uma chave nova.
problem-version-not-reached-detail = O jogo ainda não chegou a essa versão; 'version' é a versão atual.
problem-invalid-bot-key-detail = A chave do robô falta ou está errada: envie a chave devolvida no registo.
problem-not-your-bot-detail = Este robô é de outro jogador: só o seu dono o pode alterar ou retirar.
problem-bot-name-taken-detail = Já há um robô com este nome: escolha outro.
problem-url-not-allowed-detail = O endereço do robô não é permitido: indique um endereço http ou https com anfitrião e sem credenciais.
problem-bot-did-not-answer-detail = O robô não respondeu ao desafio: inicie-o, verifique que o endereço está acessível e tente de novo. Nada foi registado.
problem-rate-limited-detail = Demasiados pedidos deste tipo: espere o tempo indicado em Retry-After e tente de novo.
problem-too-many-bot-games-detail = O seu endereço já tem a decorrer tantos jogos só de robôs quantos pode: espere que um acabe.
problem-too-many-search-games-detail = O seu endereço já tem a decorrer tantos jogos com um robô que pensa (Médio ou Difícil) quantos pode: espere que um acabe, ou sente um robô Fácil.
problem-too-many-connections-detail = Demasiados pedidos do seu endereço ao mesmo tempo: envie menos de cada vez e tente de novo. Nada foi feito.
problem-too-many-streams-detail = Há demasiadas transmissões de eventos abertas: feche uma que já não leia, ou espere e tente de novo.
problem-push-endpoint-not-allowed-detail = O endpoint da subscrição de push não é um que este servidor chame: indique o endpoint https dado pelo serviço de push do seu navegador.
problem-too-many-push-subscriptions-detail = Já tem o máximo de subscrições de push permitidas: apague uma que já não use.
problem-bot-suspended-detail = Um robô indicado para um lugar está suspenso, porque deixou de responder a tempo: sente outro robô.
problem-hook-url-not-allowed-detail = O endereço do webhook de notificações não é permitido: indique o endereço https público do seu recetor, sem credenciais. Nada foi registado.
problem-too-many-notification-hooks-detail = Já tem tantos webhooks de notificações quantos pode ter: apague um primeiro. Nada foi registado.
problem-player-required-detail = Este jogo conta para a classificação: ocupe o lugar com o token de um jogador (POST /v1/players), para que o resultado conte na classificação do jogador.
problem-internal-error-detail = O servidor falhou neste pedido; o erro ficou registado. Repetir um comando com a sua Idempotency-Key é seguro.
problem-busy-detail = O jogo mudou demasiadas vezes durante o comando. Nada foi feito; tente de novo.
problem-redis-unavailable-detail = O armazenamento dos jogos não responde: espere o tempo indicado em Retry-After e tente de novo.
problem-streams-full-detail = Este servidor já tem tantas transmissões abertas quantas pode: espere o tempo indicado em Retry-After e abra a transmissão de novo.
problem-no-rematch-detail = Não há desforra a responder aqui: proponha uma quando o jogo acabar, ou proponha de novo depois de uma recusa ou de uma proposta expirada.
problem-too-many-queues-detail = Já espera em tantas filas de jogo rápido quantas pode: espere por uma mesa, ou saia primeiro de uma fila.
problem-on-vacation-detail = Já está de férias: termine-as antes de começar outras.
problem-no-vacation-days-detail = Tem menos dias de férias este ano do que os que pediu.
problem-not-on-vacation-detail = Não está de férias: não há férias a terminar.
problem-no-hint-detail = Não há dica agora: esta mesa não dá dicas, o jogo não está a decorrer, ou não é a sua vez.

## The rules a move may break, as a player understands them: an illegal move's detail in another
## language than English. A game's own rules use the words of its rulebook (shared/seeds/).

# Any game's commands.
problem-rule-UnknownCommand = Este jogo não tem essa jogada.
problem-rule-BadCommand = A jogada não é um comando bem formado.
problem-rule-BadArgument = Falta um dado da jogada, ou tem a forma errada.
problem-rule-NotYourTurn = Não é a sua vez.
problem-rule-WrongPhase = Esta jogada pertence a outra fase do jogo.
problem-rule-GameOver = O jogo já acabou.

# The table: seats, clocks, bots.
problem-rule-NoSuchGame = Este jogo não existe.
problem-rule-GameExists = Este jogo já existe.
problem-rule-GameAbandoned = O jogo foi abandonado.
problem-rule-SystemOnly = Só o servidor pode enviar este comando.
problem-rule-GameStarted = O jogo já começou.
problem-rule-GameNotRunning = O jogo não está a decorrer: ainda não começou, ou já acabou.
problem-rule-NoSuchSeat = Este jogo não tem esse lugar.
problem-rule-SeatResigned = Este lugar desistiu; o seu robô joga por ele.
problem-rule-SeatForfeited = Este lugar perdeu por tempo; o seu robô joga por ele.
problem-rule-NotAbsent = Este lugar não está ausente do jogo.
problem-rule-OnVacation = O relógio deste lugar já está parado por férias.
problem-rule-NoVacation = Este jogo já não deixa parar o relógio deste lugar.
problem-rule-NotOnVacation = O relógio deste lugar não está parado por férias.
problem-rule-SeatTaken = Este lugar está ocupado.
problem-rule-PlayerSeated = Já tem um lugar neste jogo.
problem-rule-RatedSeat = Um lugar de um jogo que conta para a classificação é ocupado por um jogador.
problem-rule-HintsOff = Esta mesa não dá dicas.
problem-rule-PrivateTable = Esta mesa é privada: precisa de um convite.
problem-rule-SeatReserved = Este lugar está guardado para outro jogador.
problem-rule-BotSeat = Este lugar é de um robô; joga sozinho.
problem-rule-NotControlled = Este lugar é jogado pelo seu jogador, não por um robô.
problem-rule-NotToAct = Este lugar não pode jogar agora.
problem-rule-NotRegistered = O robô deste lugar não é um robô registado.
problem-rule-BotReplaced = O robô deste lugar já foi substituído.
problem-rule-NoClock = Não há relógio a contar para este lugar.
problem-rule-NotDue = O tempo deste lugar ainda não acabou.
problem-rule-WrongSeed = A semente não é a que o jogo fixou no início.
problem-rule-UndoOff = Esta mesa não permite desfazer.
problem-rule-NotYourDecision = Só pode desfazer as suas próprias decisões, e os bots nunca desfazem.
problem-rule-NotAsked = Ninguém lhe pediu para desfazer.
problem-rule-UndoPending = Está a ser pedido à mesa que desfaça: responda primeiro.
problem-rule-UndoOutOfReach = O jogo não pode voltar a essa versão agora.
problem-rule-OtherSeatActed = Outro jogador jogou desde então: desfazer anularia a jogada dele.
problem-rule-ChanceRecorded = Houve sorte desde então: desfazer deixá-lo-ia tirar outra vez.
problem-rule-SomethingRevealed = Algo escondido foi mostrado desde então: desfazer não o volta a esconder.

# Felix: the words of its Portuguese rulebook (shared/seeds/002): leilão, licitar, fila, ratos.
problem-rule-CardNotInHand = Essa carta não está na sua mão.
problem-rule-BidTooLow = Tem de licitar mais do que a licitação mais alta.
problem-rule-BidTooHigh = Não tem tantos ratos.
problem-rule-CannotAfford = Precisa de um rato para comprar os gatos da fila.

# DOGS: the words of its Brazilian rulebook (shared/seeds/000, 003): canil, baia, fileira, raça, enfermaria, medicamento, doar.
problem-rule-NotLegal = Essa jogada não é permitida agora.
problem-rule-WrongMoment = Essa jogada não pode ser feita neste momento da rodada.
problem-rule-BadPens = Organize todas as baias construídas, e só elas; um cão doente vai para a enfermaria.
problem-rule-UnknownDog = Um dos cães nas baias não pode ser colocado por você, ou aparece duas vezes.
problem-rule-IllegalPen = Em cada fileira só pode haver cães da mesma raça, e nenhuma baia pode conter mais de duas raças.
problem-rule-BadCard = Você não tem uma carta de Veterinário para jogar.
problem-rule-PlaceAsManyAsPossible = Coloque nas baias tantos cães quantos elas puderem acomodar.
problem-rule-BadDonation = Doe exatamente os cães que não têm lugar nas baias nem na enfermaria.
problem-rule-NotOffered = Esse cão não é o que está sendo doado.
problem-rule-KeepAllDogs = Para aceitar o cão doado, mantenha todos os cães nas baias.
problem-rule-NoMedicine = Você precisa de um medicamento para cada cão que curar.
problem-rule-NotInInfirmary = Esse cão não está na sua enfermaria.
problem-rule-PenNotBuilt = Essa baia não foi construída.
problem-rule-NotInPen = Esse cão não está nessa baia.

# Spots: the words of its Ukrainian rulebook (shared/seeds/001): тайл команди, кубик, закопати, смаколик, клітинка.
problem-rule-NotAutomatic = Agora não há nenhum passo automático previsto.
problem-rule-TileNotAvailable = Essa peça de truque não pode ser escolhida agora.
problem-rule-NothingToComplete = Nenhum dos seus cães pode ser completado.
problem-rule-NotPending = Esse dado não está à espera de ser colocado ou enterrado.
problem-rule-BadNumber = Não pode escolher esse número.
problem-rule-BadSelection = Não pode escolher esses dados.
problem-rule-BadDigTarget = Não pode mudar assim esse dado enterrado.
problem-rule-BadSetAsideCount = Não pode pôr tantos dados de parte.
problem-rule-BadMove = Não pode mover esse dado para aí.
problem-rule-NoTreats = Já não tem petiscos.
problem-rule-MustRerollAll = Um petisco volta a lançar todos os dados do lançamento.
problem-rule-NoMatchingSpace = Nenhum espaço livre dos seus cães corresponde a esse dado.

# A Dog's Life: the words of its Italian rulebook (shared/seeds/004): rifugio, Canile, accalappiacani, ossa, pipì, vescica, punti azione.
problem-rule-BadSeat = Não há esse jogador neste jogo.
problem-rule-NotYourChoice = Não é a sua vez de escolher um cão.
problem-rule-DogTaken = Outro jogador já tem esse cão.
problem-rule-NoRouteToChoose = A carrocinha não está agora em nenhuma bifurcação onde escolher o caminho.
problem-rule-IllegalRoute = A carrocinha não pode seguir esse caminho.
problem-rule-NoTruckMove = A carrocinha não anda agora.
problem-rule-NotTimed = O tempo do jogo ainda não acabou.
problem-rule-NoActionDeadline = Agora não corre nenhum limite de tempo na fase de ações.
problem-rule-NotYourActions = Não é a sua fase de ações.
problem-rule-NoActionPoints = Você não tem mais pontos de ação.
problem-rule-InTransit = O seu cão está só de passagem por este espaço: só pode seguir em frente.
problem-rule-NotAdjacent = Isso não fica ao lado do seu cão.
problem-rule-PoundClosed = Nenhum cão pode entrar no canil por conta própria.
problem-rule-NotYourDen = Só o próprio cão de um abrigo pode entrar nele.
problem-rule-BlockedByDogAndMark = Outro cão está nesse poste, e o xixi dele está lá: o seu cão não pode entrar.
problem-rule-SniffOnOccupied = O seu cão teria de parar a cheirar num poste onde está outro cão.
problem-rule-NowhereToStop = O seu cão não conseguiria chegar a um espaço livre onde parar.
problem-rule-NoUnsearchedTrash = Aqui não há nenhuma lixeira por revirar.
problem-rule-NotAtRestaurant = O seu cão não está num restaurante.
problem-rule-AlreadyBegged = Você já pediu comida neste restaurante neste turno.
problem-rule-NotAtKiosk = O seu cão não está na banca de jornais.
problem-rule-MouthFull = A boca do seu cão está cheia.
problem-rule-NoNewspapers = Não há mais jornais na banca.
problem-rule-NoNewspaperForThisHouse = O seu cão não leva nenhum jornal para esta casa.
problem-rule-NothingToPickUp = Aqui não há nada desse tipo para pegar.
problem-rule-EmptySlot = O seu cão não está carregando nada nesse espaço.
problem-rule-NoNewspaperOnKiosk = Não se pode deixar cair um jornal na banca de jornais.
problem-rule-NotInOwnDen = O seu cão não está no abrigo dele.
problem-rule-NoBone = O seu cão não leva nenhum osso.
problem-rule-NotAtFountain = O seu cão não está numa fonte.
problem-rule-CannotDrink = O seu cão não pode beber: a bexiga está cheia, ou a reserva está vazia.
problem-rule-NotAtLamppost = O seu cão não está num poste.
problem-rule-EmptyBladder = A bexiga do seu cão está vazia.
problem-rule-AlreadyMarked = O seu xixi já está neste poste.
problem-rule-BadTarget = Você não pode atacar esse cão.

# Notificações: o que se diz a um jogador ausente (workers/notifications.py).
notify-turn-title = A sua vez
notify-turn-body = É a sua vez em { $game }.
notify-digest-title = A sua vez
notify-digest-body = { $count ->
    [one] { $count } jogo espera por si.
   *[other] { $count } jogos esperam por si.
}
notify-game_over-title = Fim do jogo
notify-game_over-body = O seu jogo de { $game } terminou.
notify-clock-title = O seu relógio está a acabar
notify-clock-body = { $seconds ->
    [one] Resta { $seconds } segundo para a sua vez em { $game }.
   *[other] Restam { $seconds } segundos para a sua vez em { $game }.
}
notify-invited-title = Um convite
notify-invited-body = Foi convidado para um jogo de { $game }.
notify-challenged-title = Um desafio
notify-challenged-body = { $by } desafia-o para um jogo de { $game }.
notify-challenge_accepted-title = Desafio aceite
notify-challenge_accepted-body = { $by } aceitou o seu desafio: o seu jogo de { $game } começou.
notify-challenge_declined-title = Desafio recusado
notify-challenge_declined-body = { $by } recusou o seu desafio para um jogo de { $game }.
notify-challenge_withdrawn-title = Desafio retirado
notify-challenge_withdrawn-body = { $by } retirou o desafio para um jogo de { $game }.
notify-challenge_expired-title = Desafio expirado
notify-challenge_expired-body = { $by } não respondeu a tempo ao seu desafio para um jogo de { $game }.
notify-rematch-title = Uma desforra
notify-rematch-body = Foi proposta uma desforra de { $game }.
notify-seated-title = Um lugar para si
notify-seated-body = Tem um lugar num jogo de { $game }.
notify-player-unnamed = Outro jogador
notify-game-unnamed = um jogo

## Quick phrases of the chat (service/core/chat.py PHRASES): said by one player, read in each reader's language.
chat-phrase-hello = Olá!
chat-phrase-good-luck = Boa sorte!
chat-phrase-your-turn = É a sua vez!
chat-phrase-one-moment = Um momento, por favor.
chat-phrase-thanks = Obrigado!
chat-phrase-sorry = Desculpe!
chat-phrase-well-played = Bem jogado!
chat-phrase-gg = Bom jogo!
